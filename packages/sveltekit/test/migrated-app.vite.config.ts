/**
 * The Vite configuration the migrated Auth.js app is built with: the app's own vite.config.ts
 * (named by PORTCULLIS_MIGRATED_APP), plus aliases pointing the Portcullis packages it now imports
 * at their sources, as the suite resolves them. It is a file, not inline configuration, because
 * SvelteKit builds the client a second time from the configuration file alone.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfigFromFile, mergeConfig } from "vite";

const packages = fileURLToPath(new URL("../../", import.meta.url));
const appDir = process.env.PORTCULLIS_MIGRATED_APP;
if (!appDir) throw new Error("PORTCULLIS_MIGRATED_APP names the migrated app's folder.");

const loaded = await loadConfigFromFile(
  { command: "build", mode: "production" },
  join(appDir, "vite.config.ts"),
  appDir,
);
if (!loaded) throw new Error(`No vite.config.ts in ${appDir}.`);

export default mergeConfig(loaded.config, {
  logLevel: "warn",
  resolve: {
    alias: [
      { find: /^@portcullis\/core$/, replacement: `${packages}core/src/index.ts` },
      { find: /^@portcullis\/core\/(.*)$/, replacement: `${packages}core/src/$1` },
      { find: /^@portcullis\/sveltekit$/, replacement: `${packages}sveltekit/src/index.ts` },
      { find: /^@portcullis\/sveltekit\/(client|webauthn)$/, replacement: `${packages}sveltekit/src/$1.ts` },
      { find: /^@portcullis\/client$/, replacement: `${packages}client/src/index.ts` },
      {
        find: /^@portcullis\/sveltekit\/components$/,
        replacement: `${packages}sveltekit/src/components/index.js`,
      },
      { find: /^@portcullis\/sveltekit\/providers\/(.*)$/, replacement: `${packages}core/src/providers/$1` },
    ],
  },
});
