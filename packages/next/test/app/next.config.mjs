// The fixture app of the @portcullis/next tests. It imports @portcullis/next, @portcullis/core
// and @portcullis/client/react from their sources, like the rest of the test suite, so no build step is needed.
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
// packages/next/test/app -> the repository root, where node_modules and the sources live.
const root = join(here, "../../../..");
// Turbopack reads alias targets relative to this directory (an absolute path would be taken as
// relative to the project root).
const src = (pkg, file) => `./${relative(here, join(root, "packages", pkg, "src", file))}`;

/** @type {import("next").NextConfig} */
const config = {
  // The tests build into a temporary directory (relative to this one) so nothing stays in the tree.
  distDir: process.env.PORTCULLIS_NEXT_DIST_DIR ?? ".next",
  turbopack: {
    root,
    resolveAlias: {
      "@portcullis/core": src("core", "index.ts"),
      "@portcullis/core/errors": src("core", "errors.ts"),
      "@portcullis/core/*": src("core", "*"),
      "@portcullis/next": src("next", "index.ts"),
      "@portcullis/client/react": src("client", "react.ts"),
    },
  },
  outputFileTracingRoot: root,
  typescript: {
    // The repository's own `tsc` run checks these files; the build need not do it again.
    ignoreBuildErrors: true,
    // Next.js writes a tsconfig.json of its own; the tests have it written next to the build.
    tsconfigPath: process.env.PORTCULLIS_NEXT_TSCONFIG ?? "tsconfig.json",
  },
};

export default config;
