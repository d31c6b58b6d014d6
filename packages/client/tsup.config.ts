import { readFile, writeFile } from "node:fs/promises";
import { defineConfig } from "tsup";

// esbuild drops module directives when it bundles, so the React entry's "use client" is put back
// on the built file: without it a server component rendering <SessionProvider> fails `next build`.
const CLIENT_ENTRY = "dist/react.js";
const DIRECTIVE = '"use client";\n';

export default defineConfig({
  entry: ["src/index.ts", "src/react.ts", "src/solid-start.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  external: ["react"],
  async onSuccess() {
    const code = await readFile(CLIENT_ENTRY, "utf8");
    if (!code.startsWith(DIRECTIVE)) await writeFile(CLIENT_ENTRY, DIRECTIVE + code);
  },
});
