/**
 * package.json: Auth.js packages (and `@hono/auth-js`) in the dependency lists become their
 * Portcullis counterparts, in the same place and list; the adapters stay. Formatting (indent,
 * final newline) is kept.
 */
import { replacementPackages } from "./specifiers";

const LISTS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

/**
 * Rewrites the dependency lists of a package.json text.
 *
 * @param text The file's contents.
 * @param version The version range to give the Portcullis packages, e.g. `^0.1.0`.
 * @returns The new text and whether it changed.
 * @throws {SyntaxError} When the text is not JSON.
 * @example
 * ```ts
 * rewritePackageJson('{"dependencies":{"next-auth":"5.0.0-beta.29"}}', "^0.1.0").text
 * ```
 */
export function rewritePackageJson(text: string, version: string): { text: string; changed: boolean } {
  const manifest = JSON.parse(text) as Record<string, unknown>;
  const react = LISTS.some((list) => Object.hasOwn(Object(manifest[list]), "react"));
  let changed = false;
  for (const list of LISTS) {
    const deps = manifest[list];
    if (!deps || typeof deps !== "object") continue;
    const next: Record<string, string> = {};
    for (const [name, range] of Object.entries(deps as Record<string, string>)) {
      const replacements = replacementPackages(name, { react });
      if (!replacements) {
        next[name] ??= range;
        continue;
      }
      changed = true;
      for (const replacement of replacements) next[replacement] = version;
    }
    manifest[list] = next;
  }
  if (!changed) return { text, changed };
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ";
  return { text: JSON.stringify(manifest, null, indent) + (text.endsWith("\n") ? "\n" : ""), changed };
}
