/**
 * The rename table: which Auth.js module (and `@hono/auth-js` module) becomes which Portcullis
 * module, and which of their exports have no counterpart. One function, so the
 * source rewrite, the Svelte rewrite and the tests agree on every name.
 */
import { isPortcullisEntryPoint, packageOf } from "./entry-points";

/** What to do with one module specifier. */
export type SpecifierRewrite =
  /** Import this module instead. */
  | { kind: "rename"; to: string }
  /** An Auth.js package that works with Portcullis as it is (the database adapters). */
  | { kind: "keep" }
  /** No automatic counterpart: the reason, for the report. */
  | { kind: "manual"; reason: string };

const FRAMEWORKS: Record<string, string> = {
  "@auth/core": "@portcullis/core",
  "@auth/express": "@portcullis/express",
  "@auth/fastify": "@portcullis/fastify",
  "@auth/sveltekit": "@portcullis/sveltekit",
  "@auth/solid-start": "@portcullis/solid-start",
};

/**
 * Auth.js modules whose counterpart is in another Portcullis package: `@auth/solid-start`'s
 * client is the Portcullis client's entry that defaults to the same `/api/auth`.
 */
const ELSEWHERE: Record<string, string> = {
  "@auth/solid-start/client": "@portcullis/client/solid-start",
};

const NEXT_AUTH: Record<string, string> = {
  "next-auth": "@portcullis/next",
  "next-auth/react": "@portcullis/client/react",
  "next-auth/jwt": "@portcullis/core/jwt",
  "next-auth/adapters": "@portcullis/core/adapters",
  "next-auth/providers": "@portcullis/core/providers",
  "next-auth/package.json": "@portcullis/next/package.json",
};

/**
 * `@hono/auth-js`, the community Hono middleware on Auth.js: `@portcullis/hono` exports its API
 * under the same names, and its React helpers are `@portcullis/client/react`'s.
 */
const HONO_AUTH_JS: Record<string, string> = {
  "@hono/auth-js": "@portcullis/hono",
  "@hono/auth-js/react": "@portcullis/client/react",
};

/**
 * The exports of modules renamed above that the Portcullis module lacks, with what to do instead:
 * an import of one of them is left on the old module and listed, the rest of the import moves;
 * code that takes the whole module (`import * as`, `export *`, `import()`) moves, each listed.
 */
const MISSING_EXPORTS: Record<string, Record<string, string>> = {
  "@hono/auth-js": {
    reqWithEnvUrl:
      "reqWithEnvUrl has no Portcullis counterpart: requests need no rewriting, as AUTH_URL (or, under trustHost, X-Forwarded-Host) decides the public origin",
  },
  "@hono/auth-js/react": {
    authConfigManager:
      'authConfigManager has no Portcullis counterpart: for authConfigManager.setConfig({ basePath }), call configureClient({ basePath }) from @portcullis/client/react or write <SessionProvider basePath="...">',
    useOauthPopupLogin:
      "useOauthPopupLogin has no Portcullis counterpart: sign in with signIn(provider) from @portcullis/client/react (a redirect, not a popup)",
  },
};

const V4_ONLY = new Set(["next-auth/middleware", "next-auth/next", "next-auth/client"]);

/**
 * Modules under Auth.js's `providers/` that hold provider types rather than a provider
 * (`@auth/core/providers/oauth` has `OAuthConfig`...): Portcullis has those types in
 * `@portcullis/core/providers`. `@portcullis/core/providers/oauth` (`OAuth()`) has some of them
 * too, but not all of Auth.js's (`OAuthChecks`, `OAuthProviderButtonStyles`), so the type modules
 * still become `@portcullis/core/providers`.
 */
const PROVIDER_TYPE_MODULES = new Set(["oauth", "provider-types", "index"]);

/**
 * The rewrite of a module specifier, or `undefined` when it is not an Auth.js module.
 *
 * @param specifier A module specifier as written in an import, e.g. `next-auth/providers/github`.
 * @returns What to do with it.
 * @example
 * ```ts
 * rewriteSpecifier("next-auth/providers/github") // { kind: "rename", to: "@portcullis/core/providers/github" }
 * ```
 */
export function rewriteSpecifier(specifier: string): SpecifierRewrite | undefined {
  const rewrite = counterpartOf(specifier);
  if (rewrite?.kind !== "rename" || isPortcullisEntryPoint(rewrite.to)) return rewrite;
  return {
    kind: "manual",
    reason: `${specifier} has no Portcullis counterpart: ${packageOf(rewrite.to)} does not export ${rewrite.to}`,
  };
}

/** The counterpart by the rename rules alone, before checking that it exists. */
function counterpartOf(specifier: string): SpecifierRewrite | undefined {
  const named = NEXT_AUTH[specifier] ?? HONO_AUTH_JS[specifier] ?? ELSEWHERE[specifier];
  if (named) return { kind: "rename", to: named };
  const provider = /^(?:next-auth|@auth\/[\w-]+)\/providers\/([\w-]+)$/.exec(specifier);
  if (provider?.[1] && PROVIDER_TYPE_MODULES.has(provider[1]))
    return { kind: "rename", to: "@portcullis/core/providers" };
  if (provider) return { kind: "rename", to: `@portcullis/core/providers/${provider[1]}` };
  if (V4_ONLY.has(specifier))
    return {
      kind: "manual",
      reason: `${specifier} is NextAuth.js v4 API; move to the v5 API (auth() as middleware) first`,
    };
  if (specifier.startsWith("next-auth/") || specifier.startsWith("@hono/auth-js/"))
    return { kind: "manual", reason: `${specifier} has no Portcullis counterpart` };
  const [scope, name, ...rest] = specifier.split("/");
  if (scope !== "@auth" || !name) return undefined;
  const framework = FRAMEWORKS[`${scope}/${name}`];
  if (framework) return { kind: "rename", to: [framework, ...rest].join("/") };
  if (name.endsWith("-adapter")) return { kind: "keep" };
  return { kind: "manual", reason: `${specifier} has no Portcullis counterpart` };
}

/**
 * Why an export of a renamed module stays behind, or `undefined` when the Portcullis module has it
 * (or the module is not one the codemod renames).
 *
 * @param specifier The module as written, e.g. `@hono/auth-js/react`.
 * @param name The exported name imported from it.
 * @returns The reason, for the report.
 * @example
 * ```ts
 * missingExport("@hono/auth-js/react", "useOauthPopupLogin") // "useOauthPopupLogin has no Portcullis counterpart: ..."
 * missingExport("@hono/auth-js", "verifyAuth") // undefined
 * ```
 */
export function missingExport(specifier: string, name: string): string | undefined {
  const missing = MISSING_EXPORTS[specifier];
  return missing && Object.hasOwn(missing, name) ? missing[name] : undefined;
}

/**
 * The exports of a renamed module that the Portcullis module lacks, each with why: what code
 * that takes the whole module (`import * as`, `export *`, `import()`) may still use.
 *
 * @param specifier The module as written, e.g. `@hono/auth-js`.
 * @returns `[name, reason]` pairs, none for a module the codemod renames whole.
 * @example
 * ```ts
 * missingExportsOf("@hono/auth-js") // [["reqWithEnvUrl", "reqWithEnvUrl has no Portcullis counterpart: ..."]]
 * ```
 */
export function missingExportsOf(specifier: string): Array<[name: string, reason: string]> {
  const missing = MISSING_EXPORTS[specifier];
  return missing ? Object.entries(missing) : [];
}

/** What a package.json holds besides the dependency being replaced. */
export interface ManifestFacts {
  /** Whether it depends on `react` (an `@hono/auth-js` app using `@hono/auth-js/react` does). */
  react?: boolean;
}

/**
 * The Portcullis packages that replace an Auth.js dependency of package.json, or `undefined` when
 * it is not one (adapters stay).
 *
 * @param name A dependency name, e.g. `next-auth`.
 * @param facts What else the manifest holds: `@hono/auth-js` brings `@portcullis/client` (for
 * `@hono/auth-js/react`'s imports) only to a manifest that depends on `react`.
 * @returns The replacement package names.
 * @example
 * ```ts
 * replacementPackages("next-auth") // ["@portcullis/next", "@portcullis/client", "@portcullis/core"]
 * replacementPackages("@hono/auth-js") // ["@portcullis/hono", "@portcullis/core"]
 * ```
 */
export function replacementPackages(name: string, facts: ManifestFacts = {}): string[] | undefined {
  if (name === "next-auth") return ["@portcullis/next", "@portcullis/client", "@portcullis/core"];
  // Its client (`@auth/solid-start/client`) is the Portcullis client's.
  if (name === "@auth/solid-start")
    return ["@portcullis/solid-start", "@portcullis/client", "@portcullis/core"];
  if (name === "@hono/auth-js")
    return facts.react
      ? ["@portcullis/hono", "@portcullis/client", "@portcullis/core"]
      : ["@portcullis/hono", "@portcullis/core"];
  const framework = FRAMEWORKS[name];
  if (!framework) return undefined;
  return framework === "@portcullis/core" ? [framework] : [framework, "@portcullis/core"];
}
