import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/index.ts",
    "src/jwt.ts",
    "src/errors.ts",
    "src/languages.ts",
    "src/adapters.ts",
    "src/node.ts",
    "src/types.ts",
    "src/providers.ts",
    "src/providers/*.ts",
  ],
  format: ["esm"],
  dts: true,
  clean: true,
  target: "es2022",
});
