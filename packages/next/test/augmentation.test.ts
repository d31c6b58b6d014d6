/**
 * Type tests of an app written as the Auth.js docs show it (test/augmentation/app.ts): module
 * augmentation of `Session` and `JWT`, and the `jwt` and `session` callbacks destructuring every
 * parameter. The fixture is compiled as its own program, since an augmentation changes the types
 * of every file compiled with it.
 */
import { fileURLToPath } from "node:url";
import { run } from "@portcullis/testkit";
import { expect, it } from "vitest";

const PROJECT = fileURLToPath(new URL("./augmentation/tsconfig.json", import.meta.url));
const TSC = fileURLToPath(import.meta.resolve("typescript/bin/tsc"));

it("type-checks an app that augments Session and JWT and destructures the callbacks as in Auth.js", async () => {
  const result = await run(process.execPath, [TSC, "--noEmit", "-p", PROJECT]).then(
    () => "",
    (error: Error) => error.message,
  );
  expect(result).toBe("");
}, 60_000);
