/**
 * The entry points Auth.js apps import besides the packages' main ones, under the Portcullis
 * names the codemod gives them: `@auth/core/types` and `@auth/core/providers` become
 * `@portcullis/core/types` and `/providers`; `@auth/express/adapters` and `/providers` (and the
 * same of every framework package) become `@portcullis/<framework>/adapters` and `/providers`.
 * Imported here by package name, for their types and their values; and resolved by Node through
 * each package.json's `exports` map, to the file the package's build writes.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as core from "@portcullis/core";
import * as coreAdapters from "@portcullis/core/adapters";
import type * as CoreProviders from "@portcullis/core/providers";
import type {
  CredentialsConfig,
  EmailConfig,
  OAuthChecks,
  OAuthConfig,
  OAuthUserConfig,
  OIDCConfig,
  Provider,
  ProviderType,
} from "@portcullis/core/providers";
import * as coreProviders from "@portcullis/core/providers";
import GitHub from "@portcullis/core/providers/github";
import type { Account, AuthConfig, DefaultSession, Profile, Session, User } from "@portcullis/core/types";
import * as coreTypes from "@portcullis/core/types";
import * as expressAdapters from "@portcullis/express/adapters";
import type * as ExpressProviders from "@portcullis/express/providers";
import * as fastifyAdapters from "@portcullis/fastify/adapters";
import type * as FastifyProviders from "@portcullis/fastify/providers";
import * as honoAdapters from "@portcullis/hono/adapters";
import type * as HonoProviders from "@portcullis/hono/providers";
import * as nextAdapters from "@portcullis/next/adapters";
import type * as NextProviders from "@portcullis/next/providers";
import * as solidStartAdapters from "@portcullis/solid-start/adapters";
import type * as SolidStartProviders from "@portcullis/solid-start/providers";
import * as svelteKitAdapters from "@portcullis/sveltekit/adapters";
import type * as SvelteKitProviders from "@portcullis/sveltekit/providers";
import { describe, expect, expectTypeOf, it } from "vitest";

const PACKAGES = fileURLToPath(new URL("../..", import.meta.url));
const FRAMEWORKS = ["express", "fastify", "hono", "next", "solid-start", "sveltekit"];

describe("@portcullis/core/types", () => {
  it("has the resource and configuration types an app names", () => {
    const session: Session = { user: { name: "Alice" }, expires: "2030-01-01T00:00:00.000Z" };
    expectTypeOf(session).toExtend<DefaultSession>();
    expectTypeOf<Session>().toEqualTypeOf<core.Session>();
    expectTypeOf<User>().toEqualTypeOf<core.User>();
    expectTypeOf<Account>().toEqualTypeOf<core.Account>();
    expectTypeOf<Profile>().toEqualTypeOf<core.Profile>();
    expectTypeOf<AuthConfig>().toEqualTypeOf<core.AuthConfig>();
  });

  it("loads at run time, its values being the core's", () => {
    expect(coreTypes.skipCSRFCheck).toBe(core.skipCSRFCheck);
  });
});

describe("@portcullis/core/providers", () => {
  it("has the provider configuration types of a custom provider", () => {
    const acme = (options: OAuthUserConfig): OAuthConfig => ({
      id: "acme",
      name: "Acme",
      type: "oauth",
      ...options,
    });
    const providers: Provider[] = [acme({ clientId: "id" }), GitHub];
    expect(providers).toHaveLength(2);
    expectTypeOf<OIDCConfig>().toExtend<OAuthConfig>();
    expectTypeOf<CredentialsConfig["type"]>().toEqualTypeOf<"credentials">();
    expectTypeOf<EmailConfig["type"]>().toEqualTypeOf<"email">();
    expectTypeOf<ProviderType>().toEqualTypeOf<core.ProviderType>();
    expectTypeOf<OAuthChecks>().toEqualTypeOf<"pkce" | "state" | "nonce" | "none">();
  });

  it("loads at run time, holding types only", () => {
    expect(Object.keys(coreProviders)).toEqual([]);
  });
});

describe("@portcullis/<framework>/adapters and /providers", () => {
  it.each([
    ["express", expressAdapters],
    ["fastify", fastifyAdapters],
    ["hono", honoAdapters],
    ["next", nextAdapters],
    ["solid-start", solidStartAdapters],
    ["sveltekit", svelteKitAdapters],
  ])("@portcullis/%s/adapters is the core's adapters module", (_framework, adapters) => {
    expect(adapters.isDate).toBe(coreAdapters.isDate);
    expect(Object.keys(adapters).sort()).toEqual(Object.keys(coreAdapters).sort());
  });

  it("types an adapter with the core's types", () => {
    expectTypeOf<expressAdapters.Adapter>().toEqualTypeOf<coreAdapters.Adapter>();
    expectTypeOf<svelteKitAdapters.AdapterUser>().toEqualTypeOf<coreAdapters.AdapterUser>();
  });

  it("types providers with the core's types", () => {
    expectTypeOf<ExpressProviders.Provider>().toEqualTypeOf<CoreProviders.Provider>();
    expectTypeOf<FastifyProviders.OAuthUserConfig>().toEqualTypeOf<CoreProviders.OAuthUserConfig>();
    expectTypeOf<HonoProviders.OIDCConfig>().toEqualTypeOf<CoreProviders.OIDCConfig>();
    expectTypeOf<NextProviders.ProviderType>().toEqualTypeOf<CoreProviders.ProviderType>();
    expectTypeOf<SolidStartProviders.CredentialsConfig>().toEqualTypeOf<CoreProviders.CredentialsConfig>();
    expectTypeOf<SvelteKitProviders.EmailConfig>().toEqualTypeOf<CoreProviders.EmailConfig>();
  });

  it.each(FRAMEWORKS)("@portcullis/%s/providers loads at run time", async (framework) => {
    const module = await import(`../../${framework}/src/providers.ts`);
    expect(Object.keys(module)).toEqual([]);
  });
});

/** The entries above, as `[package folder, subpath]`. */
const ENTRIES: Array<[string, string]> = [
  ["core", "types"],
  ["core", "providers"],
  ...FRAMEWORKS.flatMap(
    (framework): Array<[string, string]> => [
      [framework, "adapters"],
      [framework, "providers"],
    ],
  ),
];

/**
 * Where Node resolves each specifier through the packages' `exports` maps, as an installed app
 * would: a child process, since the suite's own resolution maps the names to the sources.
 * Resolving does not open the file, so this needs no build.
 */
function resolveWithNode(specifiers: string[]): string[] {
  const script = `for (const s of ${JSON.stringify(specifiers)}) console.log(import.meta.resolve(s));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: PACKAGES,
    encoding: "utf8",
  });
  expect(child.stderr).toBe("");
  return child.stdout
    .trim()
    .split("\n")
    .map((url) => fileURLToPath(url));
}

/** The source files a package's build turns into `dist/<name>.js` and `.d.ts`. */
function buildEntries(pkg: string): string[] {
  const manifest = JSON.parse(readFileSync(join(PACKAGES, pkg, "package.json"), "utf8"));
  const tsupConfig = join(PACKAGES, pkg, "tsup.config.ts");
  const build = existsSync(tsupConfig) ? readFileSync(tsupConfig, "utf8") : manifest.scripts.build;
  return [...build.matchAll(/src\/([\w-]+)\.ts/g)].map((match) => match[1] as string);
}

describe("the exports maps", () => {
  it("resolve each entry, in Node, to the file the package's build writes from its source", () => {
    const resolved = resolveWithNode(ENTRIES.map(([pkg, sub]) => `@portcullis/${pkg}/${sub}`));
    ENTRIES.forEach(([pkg, sub], index) => {
      expect(resolved[index]).toMatch(new RegExp(`/${pkg}/dist/${sub}\\.js$`));
      expect(buildEntries(pkg)).toContain(sub);
      expect(existsSync(join(PACKAGES, pkg, "src", `${sub}.ts`))).toBe(true);
    });
  });

  it("give each entry its declarations beside its module", () => {
    for (const [pkg, sub] of ENTRIES) {
      const manifest = JSON.parse(readFileSync(join(PACKAGES, pkg, "package.json"), "utf8"));
      expect(manifest.exports[`./${sub}`]).toEqual({
        types: `./dist/${sub}.d.ts`,
        default: `./dist/${sub}.js`,
      });
    }
  });
});
