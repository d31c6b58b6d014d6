import { fileURLToPath } from "node:url";
import { sveltekit } from "@sveltejs/kit/vite";
import { defineConfig } from "vite";

// The workspace packages, found from this file so the fixture builds wherever the repository is.
const packages = fileURLToPath(new URL("../../../", import.meta.url));

// As in the root vitest config, the packages are used from their sources: no build step first.
export default defineConfig({
  plugins: [sveltekit()],
  logLevel: "warn",
  resolve: {
    alias: [
      { find: /^@portcullis\/core$/, replacement: `${packages}core/src/index.ts` },
      { find: /^@portcullis\/core\/(.*)$/, replacement: `${packages}core/src/$1` },
      { find: /^@portcullis\/sveltekit$/, replacement: `${packages}sveltekit/src/index.ts` },
      // Only the shared integration configuration: the testkit's index also starts browsers and
      // identity providers, which have no place in the app's server bundle.
      { find: /^@portcullis\/testkit$/, replacement: `${packages}testkit/src/integration-fixture.ts` },
    ],
  },
});
