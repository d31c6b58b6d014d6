/**
 * The snippet props of the components in a Svelte 5 app, through TypeScript over the declaration
 * file as shipped (svelte-check reads these same props types): a snippet that wants an argument
 * the component never passes is refused, as is a value that is no function. The type names no
 * Svelte 5 export (Svelte 4 has none), so a plain function passes where Svelte's own `Snippet`
 * would refuse it.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "portcullis-snippet-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("a Svelte 5 app's type check refuses a snippet wanting an argument, and a string, as a snippet prop", () => {
  const pkg = join(dir, "node_modules", "@portcullis", "sveltekit", "components");
  mkdirSync(pkg, { recursive: true });
  symlinkSync(join(ROOT, "node_modules", "svelte"), join(dir, "node_modules", "svelte"), "dir");
  cpSync(join(ROOT, "packages", "sveltekit", "src", "components", "index.d.ts"), join(pkg, "index.d.ts"));
  writeFileSync(
    join(dir, "app.ts"),
    [
      'import type { SignInProps, SignOutProps } from "@portcullis/sveltekit/components";',
      'import type { Snippet } from "svelte";',
      "declare const good: Snippet;",
      "declare const wantsText: Snippet<[string]>;",
      "export const ok: SignInProps = { submitButton: good };",
      'export const plain: SignOutProps = { submitButton: () => "Sign out" };',
      "// @ts-expect-error the component renders the snippet with no argument",
      "export const wrong: SignInProps = { credentials: wantsText };",
      "// @ts-expect-error a string is no snippet",
      'export const text: SignInProps = { submitButton: "Sign in" };',
      "",
    ].join("\n"),
  );
  const program = ts.createProgram([join(dir, "app.ts")], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    paths: { "@portcullis/sveltekit/components": [join(pkg, "index.d.ts")] },
  });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : "?"}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
  expect(errors).toEqual([]);
});
