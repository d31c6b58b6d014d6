/**
 * Type tests of the components as apps use them, run through svelte-check (the Svelte language
 * tools' checker every SvelteKit app runs): named slots as Auth.js's docs and Svelte 4 apps write
 * them, snippets as Svelte 5 apps do, and a wrong prop refused.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "@portcullis/testkit";
import { afterAll, expect, it } from "vitest";

const FIXTURE = fileURLToPath(new URL("./component-types", import.meta.url));
const SVELTE_CHECK = fileURLToPath(import.meta.resolve("svelte-check/bin/svelte-check"));
const COMPONENTS = fileURLToPath(new URL("../src/components/index.d.ts", import.meta.url));

/** svelte-check's report on a folder, empty when it finds no error. */
function check(workspace: string): Promise<string> {
  return run(process.execPath, [
    SVELTE_CHECK,
    "--workspace",
    workspace,
    "--threshold",
    "error",
    "--output",
    "machine",
  ]).then(
    () => "",
    (error: Error) => error.message,
  );
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

it("type-checks SignIn and SignOut filled with named slots and with snippets", async () => {
  expect(await check(FIXTURE)).toBe("");
}, 60_000);

it("refuses a prop of the wrong type, so the check above is not vacuous", async () => {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-component-types-"));
  made.push(dir);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        moduleResolution: "bundler",
        module: "ESNext",
        noEmit: true,
        paths: { "@portcullis/sveltekit/components": [COMPONENTS] },
      },
      include: ["*.svelte"],
    }),
  );
  writeFileSync(
    join(dir, "Wrong.svelte"),
    `<script lang="ts">\n  import { SignIn } from "@portcullis/sveltekit/components";\n</script>\n\n<SignIn provider={5} />\n`,
  );
  expect(await check(dir)).toMatch(/Wrong\.svelte.*not assignable to type 'string'/s);
}, 60_000);
