/**
 * The components' declaration file in a Svelte 4 app (the package's peer range takes Svelte 4)
 * whose TypeScript checks library types too (`skipLibCheck: false`): it must name nothing Svelte 4
 * lacks, such as Svelte 5's `Snippet`. "svelte" is Svelte 4.2.19 (the repository's `svelte4`
 * alias), the declaration file as shipped.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "portcullis-svelte4-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("a Svelte 4 app type-checking its libraries accepts the components' declaration file", () => {
  mkdirSync(join(dir, "node_modules", "@portcullis", "sveltekit", "components"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules", "svelte4"), join(dir, "node_modules", "svelte"), "dir");
  cpSync(
    join(ROOT, "packages", "sveltekit", "src", "components", "index.d.ts"),
    join(dir, "node_modules", "@portcullis", "sveltekit", "components", "index.d.ts"),
  );
  writeFileSync(
    join(dir, "app.ts"),
    'import type { SignIn } from "@portcullis/sveltekit/components";\nexport type Form = SignIn;\n',
  );
  const program = ts.createProgram([join(dir, "app.ts")], {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    paths: {
      "@portcullis/sveltekit/components": [
        join(dir, "node_modules", "@portcullis", "sveltekit", "components", "index.d.ts"),
      ],
    },
  });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  expect(errors).toEqual([]);
});
