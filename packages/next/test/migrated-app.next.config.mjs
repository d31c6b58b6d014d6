/**
 * The Next.js configuration the migrated Auth.js app is built and served with, in place of its
 * own (empty) next.config.ts: aliases pointing the Portcullis packages it now imports at their
 * sources, as the rest of the suite resolves them, and a Turbopack root that holds both the app
 * and the real node_modules folder.
 */
import { realpathSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../../../", import.meta.url));

/** The deepest folder holding both paths. */
function commonParent(a, b) {
  const left = a.split(sep);
  const right = b.split(sep);
  let shared = 0;
  while (shared < left.length && left[shared] === right[shared]) shared++;
  return left.slice(0, shared).join(sep) || sep;
}

/**
 * The configuration of the app whose next.config.mjs is at `configUrl`.
 *
 * @param {string} configUrl The app's next.config.mjs, as `import.meta.url`.
 * @returns {import("next").NextConfig}
 */
export function migratedAppConfig(configUrl) {
  const app = dirname(fileURLToPath(configUrl));
  // In a git worktree node_modules is a link to another checkout's folder, outside the repository:
  // Turbopack finds Next.js only under its root, so the root must hold the link's target too.
  const root = commonParent(realpathSync(repo), dirname(realpathSync(join(repo, "node_modules"))));
  // Turbopack reads alias targets relative to the app (an absolute path would be taken as
  // relative to the root).
  const src = (pkg, file) => `./${relative(app, join(repo, "packages", pkg, "src", file))}`;
  return {
    turbopack: {
      root,
      resolveAlias: {
        "@portcullis/core": src("core", "index.ts"),
        "@portcullis/core/*": src("core", "*"),
        "@portcullis/next": src("next", "index.ts"),
        "@portcullis/client/react": src("client", "react.ts"),
      },
    },
    outputFileTracingRoot: root,
    // The app's tsconfig.json knows nothing of the aliases above: its types are not what is tested.
    typescript: { ignoreBuildErrors: true },
  };
}
