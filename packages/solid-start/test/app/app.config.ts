import { fileURLToPath } from "node:url";
import { defineConfig } from "@solidjs/start/config";

// The workspace packages, found from this file (test/<dir>/app.config.ts, also when the tests copy
// the fixture next to test/app), so the fixture builds wherever the repository is.
const packages = fileURLToPath(new URL("../../../", import.meta.url));

// As in the root vitest config, the packages are used from their sources: no build step first.
export default defineConfig({
  server: { preset: "node-server" },
  // Answers a malformed Host 400 before SolidStart turns it into a 500 (see the file).
  middleware: "./src/middleware.ts",
  vite: {
    logLevel: "warn",
    resolve: {
      alias: [
        { find: /^@portcullis\/core$/, replacement: `${packages}core/src/index.ts` },
        { find: /^@portcullis\/core\/(.*)$/, replacement: `${packages}core/src/$1` },
        { find: /^@portcullis\/solid-start$/, replacement: `${packages}solid-start/src/index.ts` },
        // Only the shared integration configuration: the testkit's index also starts browsers and
        // identity providers, which have no place in the app's server bundle.
        { find: /^@portcullis\/testkit$/, replacement: `${packages}testkit/src/integration-fixture.ts` },
      ],
    },
  },
});
