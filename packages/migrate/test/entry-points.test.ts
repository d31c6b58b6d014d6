/**
 * The codemod renames an Auth.js import only to an entry point the Portcullis package exports:
 * its table of entry points is the packages' `exports` maps, every entry point Auth.js publishes
 * becomes one of them or is listed for the user, and an Auth.js module with no counterpart (one
 * Auth.js itself dropped, such as `@auth/sveltekit/server`) is listed rather than renamed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  isPortcullisEntryPoint,
  migrate,
  PORTCULLIS_EXPORTS,
  PROVIDER_IDS,
  rewriteSource,
  rewriteSpecifier,
} from "@portcullis/migrate";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain build script, without declarations.
import { providerIds } from "../../../scripts/provider-reexports.mjs";

const PACKAGES = fileURLToPath(new URL("../..", import.meta.url));

function manifestOf(name: string): { exports: Record<string, unknown> } {
  const folder = name.replace("@portcullis/", "");
  return JSON.parse(readFileSync(join(PACKAGES, folder, "package.json"), "utf8"));
}

/**
 * Whether a package's own manifest exports a specifier, read afresh rather than from the
 * codemod's table: a `./providers/*` entry only for a provider module the core has.
 */
function exportedByManifest(specifier: string): boolean {
  const [scope, name, ...rest] = specifier.split("/");
  const keys = Object.keys(manifestOf(`${scope}/${name}`).exports);
  const subpath = rest.length === 0 ? "." : `./${rest.join("/")}`;
  if (keys.includes(subpath)) return true;
  const provider = /^\.\/providers\/([^/]+)$/.exec(subpath)?.[1];
  return keys.includes("./providers/*") && (providerIds() as string[]).includes(provider ?? "");
}

// The `exports` keys Auth.js publishes, from the registry's manifests of these versions
// (`npm view <package>@<version> exports`); `@auth/core`'s is read from the installed 0.41.3.
// `@auth/fastify` is not on the registry: Auth.js's Fastify example imports the package itself
// and its providers.
const AUTHJS_EXPORTS: Record<string, string[]> = {
  "next-auth": [
    ".",
    "./jwt",
    "./middleware",
    "./next",
    "./providers",
    "./adapters",
    "./providers/*",
    "./react",
    "./webauthn",
    "./package.json",
  ], // 5.0.0-beta.32
  "@auth/express": [".", "./providers", "./adapters", "./providers/*", "./package.json"], // 0.12.3
  "@auth/sveltekit": [
    ".",
    "./client",
    "./webauthn",
    "./components",
    "./adapters",
    "./providers",
    "./providers/*",
    "./package.json",
  ], // 1.11.3
  "@auth/solid-start": [".", "./adapters", "./client", "./providers", "./providers/*"], // 0.19.2
  "@auth/qwik": [".", "./adapters", "./providers", "./providers/*"], // 0.9.1
  "@auth/fastify": [".", "./providers/*"],
};

// The repository's @auth/core (a dev dependency of the core, for the comparisons in its suite).
const AUTH_CORE = fileURLToPath(new URL("../../../node_modules/@auth/core/", import.meta.url));
AUTHJS_EXPORTS["@auth/core"] = Object.keys(
  JSON.parse(readFileSync(join(AUTH_CORE, "package.json"), "utf8")).exports,
);

/** Auth.js's provider modules, as `./providers/*` answers them: its providers and its type modules. */
const AUTHJS_PROVIDER_MODULES = readdirSync(join(AUTH_CORE, "providers"))
  .filter((file) => file.endsWith(".js"))
  .map((file) => file.slice(0, -".js".length));

/** The module specifiers a package of Auth.js publishes, with `./providers/*` expanded to its modules. */
function authjsSpecifiers(name: string): string[] {
  return (AUTHJS_EXPORTS[name] ?? []).flatMap((key) => {
    if (key === "./providers/*") return AUTHJS_PROVIDER_MODULES.map((id) => `${name}/providers/${id}`);
    return [key === "." ? name : `${name}/${key.slice(2)}`];
  });
}

/** The Auth.js entry points that have no Portcullis counterpart, each listed for the user. */
const WITHOUT_COUNTERPART = [
  "next-auth/middleware",
  "next-auth/next",
  "next-auth/webauthn",
  "@auth/qwik",
  "@auth/qwik/adapters",
  "@auth/qwik/providers",
];

describe("the codemod's table of Portcullis entry points", () => {
  it.each(Object.keys(PORTCULLIS_EXPORTS))("lists exactly the keys of %s's exports map", (name) => {
    expect(PORTCULLIS_EXPORTS[name]).toEqual(Object.keys(manifestOf(name).exports));
  });

  it("lists exactly the core's provider modules", () => {
    expect([...PROVIDER_IDS].sort()).toEqual(providerIds());
  });

  it("takes a provider module only where one exists", () => {
    expect(isPortcullisEntryPoint("@portcullis/express/providers/github")).toBe(true);
    expect(isPortcullisEntryPoint("@portcullis/core/providers/oauth")).toBe(true);
    // A helper module of the providers folder, without a default export: no provider.
    expect(isPortcullisEntryPoint("@portcullis/core/providers/oauth-factory")).toBe(false);
    expect(isPortcullisEntryPoint("@portcullis/sveltekit/server")).toBe(false);
    expect(isPortcullisEntryPoint("@portcullis/unknown")).toBe(false);
  });
});

/** What the codemod makes of a specifier, when that is wrong: `undefined` when it is right. */
function wrongRewrite(specifier: string): string | undefined {
  const rewrite = rewriteSpecifier(specifier);
  if (WITHOUT_COUNTERPART.includes(specifier))
    return rewrite?.kind === "manual" && rewrite.reason.includes(specifier)
      ? undefined
      : `${specifier}: ${JSON.stringify(rewrite)}, expected to be listed`;
  if (rewrite?.kind !== "rename") return `${specifier}: ${JSON.stringify(rewrite)}`;
  return exportedByManifest(rewrite.to) ? undefined : `${specifier} -> ${rewrite.to}, not exported`;
}

describe("every entry point Auth.js publishes", () => {
  it.each(Object.keys(AUTHJS_EXPORTS))(
    "of %s becomes an entry point the Portcullis package exports, or is listed",
    (name) => {
      const specifiers = authjsSpecifiers(name);
      expect(specifiers.length).toBeGreaterThan(0);
      expect(specifiers.map(wrongRewrite).filter(Boolean)).toEqual([]);
    },
  );
});

describe("an Auth.js module Portcullis does not export", () => {
  it("is listed with its file, line and the missing entry point, and left as written", () => {
    const source = `import { SvelteKitAuth } from "@auth/sveltekit"\nimport { x } from "@auth/sveltekit/server"\n`;
    const result = rewriteSource(source, "src/auth.ts");
    expect(result.text).toBe(
      `import { SvelteKitAuth } from "@portcullis/sveltekit"\nimport { x } from "@auth/sveltekit/server"\n`,
    );
    expect(result.manual).toEqual([
      {
        file: "src/auth.ts",
        line: 2,
        specifier: "@auth/sveltekit/server",
        reason:
          "@auth/sveltekit/server has no Portcullis counterpart: @portcullis/sveltekit does not export @portcullis/sveltekit/server",
      },
    ]);
  });

  it("renames a module whose counterpart is in another Portcullis package", () => {
    expect(rewriteSpecifier("@auth/solid-start/client")).toEqual({
      kind: "rename",
      to: "@portcullis/client/solid-start",
    });
  });
});

describe("an @auth/fastify app", () => {
  it("moves to @portcullis/fastify, in its sources and its package.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), "migrate-fastify-"));
    try {
      writeFileSync(
        join(dir, "package.json"),
        `${JSON.stringify({ dependencies: { "@auth/fastify": "latest", fastify: "^5.0.0" } }, null, 2)}\n`,
      );
      writeFileSync(
        join(dir, "app.ts"),
        [
          `import { FastifyAuth, getSession, type Session } from "@auth/fastify"`,
          `import GitHub from "@auth/fastify/providers/github"`,
          ``,
        ].join("\n"),
      );
      const report = await migrate(dir);
      expect(report).toEqual({ changed: ["app.ts", "package.json"], manual: [], wrapped: [], failed: [] });
      expect(readFileSync(join(dir, "app.ts"), "utf8")).toBe(
        [
          `import { FastifyAuth, getSession, type Session } from "@portcullis/fastify"`,
          `import GitHub from "@portcullis/core/providers/github"`,
          ``,
        ].join("\n"),
      );
      expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).dependencies).toEqual({
        "@portcullis/fastify": "^0.1.0",
        "@portcullis/core": "^0.1.0",
        fastify: "^5.0.0",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
