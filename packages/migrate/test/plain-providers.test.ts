/**
 * Providers written by hand as plain objects, as Auth.js documents custom providers: Portcullis's
 * `Auth` refuses them (a plain object brings no sign-in method), so the codemod wraps each in
 * `OAuth()` or `Email()` and imports the function, in the files that use Auth.js or Portcullis.
 * Objects that only share a `type` with a provider (Account rows, form fields, mail payloads) and
 * providers already made by a function stay as written; OAuth 1.0a providers, objects it is not
 * sure of and providers in files that use neither are listed for a person instead.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { migrate, rewriteSource, rewriteSvelte } from "@portcullis/migrate";
import { TestClient } from "@portcullis/testkit";
import { Project } from "ts-morph";
import { afterAll, describe, expect, it } from "vitest";

const OAUTH_IMPORT = `import OAuth from "@portcullis/core/providers/oauth"`;
const EMAIL_IMPORT = `import Email from "@portcullis/core/providers/email"`;
const lines = (...text: string[]) => text.join("\n");

// Each: the file's name, the source as an Auth.js app writes it, and the codemod's result.
const WRAPPED: Array<[pattern: string, file: string, before: string, after: string]> = [
  [
    "an OIDC provider inline in providers: [...]",
    "auth.ts",
    lines(
      `import NextAuth from "next-auth"`,
      `export const { auth } = NextAuth({`,
      `  providers: [{ id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp", clientId: "x", clientSecret: "y" }],`,
      `})`,
    ),
    lines(
      `import NextAuth from "@portcullis/next"`,
      OAUTH_IMPORT,
      `export const { auth } = NextAuth({`,
      `  providers: [OAuth({ id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp", clientId: "x", clientSecret: "y" })],`,
      `})`,
    ),
  ],
  [
    "an email provider inline, over several lines, kept byte for byte",
    "auth.ts",
    lines(
      `import NextAuth from "next-auth"`,
      `export const { auth } = NextAuth({`,
      `  providers: [`,
      `    {`,
      `      id: "mail",`,
      `      type: "email",`,
      `      async sendVerificationRequest({ identifier, url }) {`,
      `        await queue(identifier, url)`,
      `      },`,
      `    },`,
      `  ],`,
      `})`,
    ),
    lines(
      `import NextAuth from "@portcullis/next"`,
      EMAIL_IMPORT,
      `export const { auth } = NextAuth({`,
      `  providers: [`,
      `    Email({`,
      `      id: "mail",`,
      `      type: "email",`,
      `      async sendVerificationRequest({ identifier, url }) {`,
      `        await queue(identifier, url)`,
      `      },`,
      `    }),`,
      `  ],`,
      `})`,
    ),
  ],
  [
    "a provider assigned to a variable, used later",
    "auth.ts",
    lines(
      `import NextAuth from "next-auth"`,
      `const Corp = { id: "corp", name: "Corp", type: "oauth" as const, authorization: "https://corp/authorize", token: "https://corp/token" }`,
      `export const { auth } = NextAuth({ providers: [Corp] })`,
    ),
    lines(
      `import NextAuth from "@portcullis/next"`,
      OAUTH_IMPORT,
      `const Corp = OAuth({ id: "corp", name: "Corp", type: "oauth" as const, authorization: "https://corp/authorize", token: "https://corp/token" })`,
      `export const { auth } = NextAuth({ providers: [Corp] })`,
    ),
  ],
  [
    "a variable declared OIDCConfig (cast back: OAuth() answers the wider OAuthConfig)",
    "corp.ts",
    lines(
      `import type { OIDCConfig } from "next-auth/providers"`,
      `export const Corp: OIDCConfig<{ sub: string }> = { id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp" }`,
    ),
    lines(
      `import type { OIDCConfig } from "@portcullis/core/providers"`,
      OAUTH_IMPORT,
      `export const Corp: OIDCConfig<{ sub: string }> = OAuth({ id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp" }) as OIDCConfig<{ sub: string }>`,
    ),
  ],
  [
    "a function returning OAuthConfig, as Auth.js writes its built-in providers",
    "providers/corp.ts",
    lines(
      `import type { OAuthConfig, OAuthUserConfig } from "@auth/core/providers/oauth"`,
      `export default function Corp<P extends { id: string }>(options: OAuthUserConfig<P>): OAuthConfig<P> {`,
      `  return {`,
      `    id: "corp",`,
      `    name: "Corp",`,
      `    type: "oauth",`,
      `    authorization: "https://corp/authorize",`,
      `    profile(profile) {`,
      `      return { id: profile.id }`,
      `    },`,
      `    options,`,
      `  }`,
      `}`,
    ),
    lines(
      `import type { OAuthConfig, OAuthUserConfig } from "@portcullis/core/providers"`,
      OAUTH_IMPORT,
      `export default function Corp<P extends { id: string }>(options: OAuthUserConfig<P>): OAuthConfig<P> {`,
      `  return OAuth({`,
      `    id: "corp",`,
      `    name: "Corp",`,
      `    type: "oauth",`,
      `    authorization: "https://corp/authorize",`,
      `    profile(profile) {`,
      `      return { id: profile.id }`,
      `    },`,
      `    options,`,
      `  })`,
      `}`,
    ),
  ],
  [
    "a function returning OIDCConfig",
    "providers/corp.ts",
    lines(
      `import type { OIDCConfig, OIDCUserConfig } from "next-auth/providers"`,
      `export default function Corp<P>(options: OIDCUserConfig<P>): OIDCConfig<P> {`,
      `  return { id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp", options }`,
      `}`,
    ),
    lines(
      `import type { OIDCConfig, OIDCUserConfig } from "@portcullis/core/providers"`,
      OAUTH_IMPORT,
      `export default function Corp<P>(options: OIDCUserConfig<P>): OIDCConfig<P> {`,
      `  return OAuth({ id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp", options }) as OIDCConfig<P>`,
      `}`,
    ),
  ],
  [
    "an arrow function returning a parenthesised object (the parentheses go)",
    "providers/corp.ts",
    lines(
      `import type { OAuthUserConfig } from "next-auth/providers"`,
      `export const Corp = (options: OAuthUserConfig<{ sub: string }>) => ({`,
      `  id: "corp",`,
      `  name: "Corp",`,
      `  type: "oidc" as const,`,
      `  issuer: "https://sso.corp",`,
      `  ...options,`,
      `})`,
    ),
    lines(
      `import type { OAuthUserConfig } from "@portcullis/core/providers"`,
      OAUTH_IMPORT,
      `export const Corp = (options: OAuthUserConfig<{ sub: string }>) => OAuth({`,
      `  id: "corp",`,
      `  name: "Corp",`,
      `  type: "oidc" as const,`,
      `  issuer: "https://sso.corp",`,
      `  ...options,`,
      `})`,
    ),
  ],
  [
    "an object with satisfies (kept inside the call, where it types the object)",
    "corp.ts",
    lines(
      `import type { OIDCConfig } from "@auth/core/providers"`,
      `export const Corp = { id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp" } satisfies OIDCConfig<{ sub: string }>`,
    ),
    lines(
      `import type { OIDCConfig } from "@portcullis/core/providers"`,
      OAUTH_IMPORT,
      `export const Corp = OAuth({ id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp" } satisfies OIDCConfig<{ sub: string }>)`,
    ),
  ],
  [
    "quoted keys and a profile method",
    "auth.ts",
    lines(
      `import { ExpressAuth } from "@auth/express"`,
      `export const auth = ExpressAuth({ providers: [{ "id": "corp", "name": "Corp", "type": "oauth", "clientId": "x", profile(p) { return p } }] })`,
    ),
    lines(
      `import { ExpressAuth } from "@portcullis/express"`,
      OAUTH_IMPORT,
      `export const auth = ExpressAuth({ providers: [OAuth({ "id": "corp", "name": "Corp", "type": "oauth", "clientId": "x", profile(p) { return p } })] })`,
    ),
  ],
  [
    "an object whose id and name are spread in, in a variable declared OIDCConfig",
    "corp.ts",
    lines(
      `import type { OIDCConfig } from "@auth/core/providers"`,
      `const names = { id: "corp", name: "Corp" }`,
      `export const corp: OIDCConfig<{ sub: string }> = { ...names, type: "oidc", issuer: "https://sso.corp" }`,
    ),
    lines(
      `import type { OIDCConfig } from "@portcullis/core/providers"`,
      OAUTH_IMPORT,
      `const names = { id: "corp", name: "Corp" }`,
      `export const corp: OIDCConfig<{ sub: string }> = OAuth({ ...names, type: "oidc", issuer: "https://sso.corp" }) as OIDCConfig<{ sub: string }>`,
    ),
  ],
  [
    "an object whose id and name are spread in, in an array declared Provider[]",
    "auth.config.ts",
    lines(
      `import type { Provider } from "next-auth/providers"`,
      `const names = { id: "corp", name: "Corp" }`,
      `export const all: Provider[] = [{ ...names, type: "oauth", authorization: "https://corp/authorize" }]`,
    ),
    lines(
      `import type { Provider } from "@portcullis/core/providers"`,
      OAUTH_IMPORT,
      `const names = { id: "corp", name: "Corp" }`,
      `export const all: Provider[] = [OAuth({ ...names, type: "oauth", authorization: "https://corp/authorize" })]`,
    ),
  ],
  [
    "an object without id or name returned from a function whose JSDoc return type is OIDCConfig",
    "providers/corp.js",
    lines(
      `/** @returns {import("next-auth/providers").OIDCConfig<any>} */`,
      `export default function corp(options) {`,
      `  return { type: "oidc", issuer: "https://sso.corp", options }`,
      `}`,
    ),
    lines(
      `${OAUTH_IMPORT};`,
      `/** @returns {import("@portcullis/core/providers").OIDCConfig<any>} */`,
      `export default function corp(options) {`,
      `  return OAuth({ type: "oidc", issuer: "https://sso.corp", options })`,
      `}`,
    ),
  ],
  [
    "a provider object in an app that imports Portcullis already (migrated before, or written for it)",
    "src/auth.ts",
    lines(
      `import type { AuthConfig } from "@portcullis/core"`,
      `export const config: AuthConfig = {`,
      `  providers: [{ id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp.example", clientId: "a" }],`,
      `}`,
    ),
    lines(
      `import type { AuthConfig } from "@portcullis/core"`,
      OAUTH_IMPORT,
      `export const config: AuthConfig = {`,
      `  providers: [OAuth({ id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp.example", clientId: "a" })],`,
      `}`,
    ),
  ],
  [
    "a JavaScript file that names Auth.js only in a JSDoc type, after its directive",
    "auth.config.js",
    lines(
      `"use server";`,
      `/** @type {import("next-auth").NextAuthConfig} */`,
      `export default { providers: [{ id: "corp", type: "oidc", issuer: "https://sso.corp" }] }`,
    ),
    lines(
      `"use server";`,
      `import OAuth from "@portcullis/core/providers/oauth";`,
      `/** @type {import("@portcullis/next").NextAuthConfig} */`,
      `export default { providers: [OAuth({ id: "corp", type: "oidc", issuer: "https://sso.corp" })] }`,
    ),
  ],
];

// Each: why it stays, and the statement that holds it, in a file of an Auth.js app next to a
// provider object that the codemod does wrap.
const UNTOUCHED: Array<[reason: string, source: string]> = [
  [
    "an Account row (type oauth, no provider key)",
    `const account = { type: "oauth", provider: "github", providerAccountId: "1", access_token: "t", token_type: "bearer", scope: "read:user", userId: "u" }`,
  ],
  [
    "Account rows in an array, of type oidc",
    `const accounts = [{ type: "oidc", provider: "corp", providerAccountId: "1", id_token: "t", expires_at: 1 }]`,
  ],
  ["an object with only id, name and type", `const p = { id: "corp", name: "Corp", type: "oidc" }`],
  [
    "a provider as getProviders() lists it",
    `const listed = { id: "corp", name: "Corp", type: "oauth", signinUrl: "/auth/signin/corp", callbackUrl: "/auth/callback/corp" }`,
  ],
  [
    "a credentials form field",
    `const credentials = { email: { label: "Email", type: "email" }, password: { type: "password" } }`,
  ],
  [
    "already wrapped in OAuth()",
    lines(OAUTH_IMPORT, `const p = OAuth({ id: "corp", type: "oidc", issuer: "https://sso.corp" })`),
  ],
  ["already wrapped in Email()", `const p = Email({ type: "email", sendVerificationRequest })`],
  [
    "made by another function",
    `const p = [GitHub({ type: "oauth", clientId: "x" }), defineProvider({ type: "oidc", issuer: "i" })]`,
  ],
  [
    "already wrapped, with a cast inside the call",
    lines(OAUTH_IMPORT, `const p = OAuth({ id: "corp", type: "oidc", issuer: "i" } as OIDCConfig)`),
  ],
  ["a constructor's argument", `const p = new Provider({ type: "oidc", issuer: "i" })`],
  ["a type that is not a string literal", `const p = { id: "corp", type: kind, issuer: "https://sso.corp" }`],
  ["a type written as a shorthand property", `const p = { id: "corp", type, clientId: "x" }`],
  ["a template-literal type", `const p = { id: "corp", type: \`o\${"id"}c\`, issuer: "i" }`],
  [
    "a type no wrapper takes",
    `const p = { id: "creds", type: "credentials", authorize: () => null, options: {} }`,
  ],
  [
    "a WebAuthn provider, which OAuth() and Email() do not take",
    `const p = { id: "passkey", name: "Passkey", type: "webauthn", issuer: "https://sso.corp", token: "t" }`,
  ],
  [
    "a mail payload with a type email (from and maxAge alone make no provider)",
    `const payload = { type: "email", from: "ops@example.com", to: user.email, subject: "Welcome", maxAge: 60 }`,
  ],
  ["a button with a type oauth and a style", `const button = { type: "oauth", style: { bg: "#000" } }`],
  [
    "an object with a provider's key but without id, name or a provider's place",
    `const integration = { type: "oauth", token: process.env.GITHUB_TOKEN, scopes: ["repo"] }`,
  ],
  [
    "an Account row with an id and a key a provider has too",
    `const row = { id: "a1", type: "oidc", provider: "corp", providerAccountId: "1", token: "t", issuer: "i" }`,
  ],
  [
    "an Account row in providers: [...]",
    `const user = { providers: [{ type: "oauth", provider: "github", providerAccountId: "1", token: "t" }] }`,
  ],
];

describe("rewriteSource wraps provider objects", () => {
  it.each(WRAPPED)("%s", (_pattern, file, before, after) => {
    const result = rewriteSource(before, file);
    expect(result.text).toBe(after);
    expect(result.changed).toBe(true);
  });

  it.each(UNTOUCHED)("leaves %s as written", (_reason, statement) => {
    const corp = `{ id: "corp", type: "oidc", issuer: "https://sso.corp" }`;
    const source = lines(
      `import type { Account } from "next-auth"`,
      statement,
      `export const corp = ${corp}`,
    );
    // A statement that imports OAuth() itself gets no second import.
    const added = statement.includes(OAUTH_IMPORT) ? [] : [OAUTH_IMPORT];
    const expected = lines(
      `import type { Account } from "@portcullis/next"`,
      ...added,
      statement,
      `export const corp = OAuth(${corp})`,
    );
    const result = rewriteSource(source, "auth.ts");
    expect(result.text).toBe(expected);
    expect(result.wrapped).toEqual([
      {
        file: "auth.ts",
        line: expected.split("\n").length,
        provider: "corp",
        wrapper: "OAuth",
        module: "@portcullis/core/providers/oauth",
      },
    ]);
    expect(result.manual).toEqual([]);
  });

  it("lists, without changing, the provider objects of a file that uses neither Auth.js nor Portcullis", () => {
    // A JavaScript app's provider function in a file of its own, which imports nothing.
    const source = lines(
      `/** @param {Record<string, unknown>} options */`,
      `export default function Corp(options) {`,
      `  return { id: "corp", name: "Corp", type: "oidc", issuer: "https://corp.example", options }`,
      `}`,
      ``,
    );
    expect(rewriteSource(source, "lib/corp-provider.js")).toEqual({
      text: source,
      changed: false,
      manual: [
        {
          file: "lib/corp-provider.js",
          line: 3,
          specifier: "@portcullis/core/providers/oauth",
          reason: expect.stringMatching(
            /^the provider object "corp" .* wrap it in OAuth\(\), the default export of @portcullis\/core\/providers\/oauth .*imports nothing from Auth\.js or Portcullis/,
          ),
        },
      ],
      wrapped: [],
    });
    // The same object in a file that imports a type of Auth.js's is wrapped.
    const typed = `import type { OIDCConfig } from "@auth/core/providers"\n${source}`;
    expect(rewriteSource(typed, "lib/corp-provider.js").text).toContain(`  return OAuth({ id: "corp"`);
    // Objects that may be providers but have no key only a provider has are not listed there.
    const unsure = `export const corp = { id: "corp", type: "oidc", options: {} }\n`;
    expect(rewriteSource(unsure, "corp.ts").manual).toEqual([]);
  });

  it("lists an OAuth 1.0a object instead of wrapping it in OAuth(), which would run OAuth 2", () => {
    const source = lines(
      `import NextAuth from "next-auth"`,
      `export const { handlers } = NextAuth({ providers: [`,
      `  { id: "corp", type: "oidc", issuer: "https://sso.corp" },`,
      `  {`,
      `    id: "legacy", name: "Legacy", type: "oauth", version: "1.0A",`,
      `    requestTokenUrl: "https://legacy.example/rt", authorization: "https://legacy.example/auth",`,
      `    token: "https://legacy.example/at", userinfo: "https://legacy.example/me",`,
      `  },`,
      `] })`,
    );
    const result = rewriteSource(source, "src/auth.ts");
    expect(result.text).toBe(
      source
        .replace(`"next-auth"`, `"@portcullis/next"\n${OAUTH_IMPORT}`)
        .replace(`{ id: "corp", type: "oidc", issuer: "https://sso.corp" }`, (corp) => `OAuth(${corp})`),
    );
    expect(result.wrapped).toEqual([expect.objectContaining({ line: 4, provider: "corp" })]);
    expect(result.manual).toEqual([
      {
        file: "src/auth.ts",
        // Its line in the new text, below the import added.
        line: 5,
        specifier: "@portcullis/core/providers/twitter",
        reason: expect.stringContaining(
          `the provider object "legacy" uses OAuth 1.0a, which OAuth() does not run (it would sign in with OAuth 2), so it is not wrapped: build it with Twitter({ version: "1.0A"`,
        ),
      },
    ]);
    // Listed again on a second run, which changes nothing.
    expect(rewriteSource(result.text, "src/auth.ts")).toEqual({
      text: result.text,
      changed: false,
      manual: result.manual,
      wrapped: [],
    });
  });

  it("lists, without wrapping, an object that may be a provider but has no key only a provider has", () => {
    // As Auth.js writes its built-in providers: the issuer comes from the options.
    const source = lines(
      `import type { OIDCUserConfig } from "next-auth/providers"`,
      `export default function Corp(options: OIDCUserConfig<{ sub: string }>) {`,
      `  return { id: "corp", name: "Corp", type: "oidc", style: { brandColor: "#000" }, options }`,
      `}`,
    );
    const result = rewriteSource(source, "providers/corp.ts");
    expect(result.text).toBe(source.replace(`"next-auth/providers"`, `"@portcullis/core/providers"`));
    expect(result.wrapped).toEqual([]);
    expect(result.manual).toEqual([
      {
        file: "providers/corp.ts",
        line: 3,
        specifier: "@portcullis/core/providers/oauth",
        reason: expect.stringMatching(
          /^the provider object "corp" may be a provider .* none of issuer, wellKnown, authorization, token, userinfo, clientId, .*if it is one, wrap it in OAuth\(\)/,
        ),
      },
    ]);
  });

  it("reports each wrapped provider with its line and the function, and an object without id by its name", () => {
    const source = lines(
      `import NextAuth from "next-auth"`,
      `export const { auth } = NextAuth({`,
      `  providers: [`,
      `    { id: "corp", type: "oidc", issuer: "https://sso.corp" },`,
      `    { name: "Mail", type: "email", sendVerificationRequest },`,
      `    { type: "oauth", clientId: "x" },`,
      `  ],`,
      `})`,
    );
    const { manual, wrapped } = rewriteSource(source, "src/auth.ts");
    expect(wrapped).toEqual([
      {
        file: "src/auth.ts",
        line: 6,
        provider: "corp",
        wrapper: "OAuth",
        module: "@portcullis/core/providers/oauth",
      },
      {
        file: "src/auth.ts",
        line: 7,
        provider: "Mail",
        wrapper: "Email",
        module: "@portcullis/core/providers/email",
      },
      { file: "src/auth.ts", line: 8, wrapper: "OAuth", module: "@portcullis/core/providers/oauth" },
    ]);
    // Done, so not left for a person.
    expect(manual).toEqual([]);
  });

  it("lists, without changing, the providers of a CommonJS file, which an import cannot reach", () => {
    const source = lines(
      `const NextAuth = require("next-auth")`,
      `module.exports = NextAuth({ providers: [{ id: "corp", type: "oidc", issuer: "https://sso.corp" }] })`,
    );
    const result = rewriteSource(source, "auth.cjs");
    expect(result.text).toBe(source.replace(`"next-auth"`, `"@portcullis/next"`));
    expect(result.manual).toEqual([
      {
        file: "auth.cjs",
        line: 2,
        specifier: "@portcullis/core/providers/oauth",
        reason: expect.stringMatching(
          /^the provider object "corp" .* wrap it in OAuth\(\).*not an ES module/,
        ),
      },
    ]);
  });
});

describe("the import of OAuth() and Email()", () => {
  const countOf = (text: string, part: string) => text.split(part).length - 1;

  it("is added once per file, in the file's quotes and semicolons, after its last import", () => {
    const source = lines(
      `import NextAuth from 'next-auth';`,
      `import GitHub from 'next-auth/providers/github';`,
      `const a = { id: "a", type: "oidc", issuer: "https://a" };`,
      `const b = { id: "b", type: "oauth", clientId: "b" };`,
      `const m = { id: "m", type: "email", sendVerificationRequest };`,
      `const n = { id: "n", type: "email", from: "n@example.com", sendVerificationRequest };`,
      `export const { auth } = NextAuth({ providers: [GitHub, a, b, m, n] });`,
    );
    const { text } = rewriteSource(source, "auth.ts");
    expect(text.split("\n").slice(0, 4)).toEqual([
      `import NextAuth from '@portcullis/next';`,
      `import GitHub from '@portcullis/core/providers/github';`,
      `import OAuth from '@portcullis/core/providers/oauth';`,
      `import Email from '@portcullis/core/providers/email';`,
    ]);
    expect(countOf(text, "import OAuth ")).toBe(1);
    expect(countOf(text, "import Email ")).toBe(1);
    expect(countOf(text, "OAuth({")).toBe(2);
    expect(countOf(text, "Email({")).toBe(2);
  });

  it("is not added where the file imports the function already, under any name", () => {
    const source = lines(
      `import NextAuth from "next-auth"`,
      `import Mailer from "next-auth/providers/email"`,
      `export const { auth } = NextAuth({ providers: [{ id: "m", type: "email", sendVerificationRequest }] })`,
    );
    expect(rewriteSource(source, "auth.ts").text).toBe(
      lines(
        `import NextAuth from "@portcullis/next"`,
        `import Mailer from "@portcullis/core/providers/email"`,
        `export const { auth } = NextAuth({ providers: [Mailer({ id: "m", type: "email", sendVerificationRequest })] })`,
      ),
    );
  });

  it("takes another name where the file uses OAuth or Email for something else", () => {
    const source = lines(
      `import NextAuth from "next-auth"`,
      `import { OAuth, OAuthProvider } from "./sso"`,
      `import Email from "./emails/welcome"`,
      `export const { auth } = NextAuth({`,
      `  providers: [{ id: "corp", type: "oidc", issuer: OAuth.issuer }, { type: "email", sendVerificationRequest: Email }],`,
      `})`,
    );
    const { text, wrapped } = rewriteSource(source, "auth.ts");
    expect(text).toBe(
      lines(
        `import NextAuth from "@portcullis/next"`,
        `import { OAuth, OAuthProvider } from "./sso"`,
        `import Email from "./emails/welcome"`,
        `import OAuthProvider2 from "@portcullis/core/providers/oauth"`,
        `import EmailProvider from "@portcullis/core/providers/email"`,
        `export const { auth } = NextAuth({`,
        `  providers: [OAuthProvider2({ id: "corp", type: "oidc", issuer: OAuth.issuer }), EmailProvider({ type: "email", sendVerificationRequest: Email })],`,
        `})`,
      ),
    );
    expect(wrapped.map((provider) => provider.wrapper)).toEqual(["OAuthProvider2", "EmailProvider"]);
  });
});

describe("the wrapping in files of other shapes", () => {
  it("keeps a file's CRLF line ends, in the import it adds too", () => {
    const source = `import NextAuth from "next-auth"\r\nconst c = { id: "c", type: "oidc", issuer: "i" }\r\n`;
    expect(rewriteSource(source, "auth.ts").text).toBe(
      `import NextAuth from "@portcullis/next"\r\n${OAUTH_IMPORT}\r\nconst c = OAuth({ id: "c", type: "oidc", issuer: "i" })\r\n`,
    );
  });

  it("wraps in a Svelte component's script, indenting the import as its block and counting lines in the whole file", () => {
    const source = lines(
      `<h1>Sign in</h1>`,
      `<script lang="ts">`,
      `  import { SignIn } from "@auth/sveltekit/components"`,
      `  const corp = { id: "corp", type: "oauth", clientId: "x" }`,
      `</script>`,
    );
    const { text, wrapped } = rewriteSvelte(source, "src/routes/+page.svelte");
    expect(text).toBe(
      lines(
        `<h1>Sign in</h1>`,
        `<script lang="ts">`,
        `  import { SignIn } from "@portcullis/sveltekit/components"`,
        `  ${OAUTH_IMPORT}`,
        `  const corp = OAuth({ id: "corp", type: "oauth", clientId: "x" })`,
        `</script>`,
      ),
    );
    expect(wrapped).toEqual([expect.objectContaining({ file: "src/routes/+page.svelte", line: 5 })]);
  });
});

describe("running the codemod twice", () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it.each(WRAPPED)("changes nothing the second time: %s", (_pattern, file, before, after) => {
    const once = rewriteSource(before, file).text;
    expect(once).toBe(after);
    expect(rewriteSource(once, file)).toEqual({ text: once, changed: false, manual: [], wrapped: [] });
  });

  it("changes nothing the second time in a file that still imports an Auth.js adapter", async () => {
    const dir = mkdtempSync(join(tmpdir(), "migrate-providers-"));
    made.push(dir);
    const source = lines(
      `import NextAuth from "next-auth"`,
      `import { PrismaAdapter } from "@auth/prisma-adapter"`,
      `export const { auth } = NextAuth({`,
      `  adapter: PrismaAdapter(prisma),`,
      `  providers: [{ id: "corp", type: "oidc", issuer: "https://sso.corp" }, { type: "email", server: process.env.SMTP, sendVerificationRequest }],`,
      `})`,
      ``,
    );
    writeFileSync(join(dir, "auth.ts"), source);
    const first = await migrate(dir);
    expect(first.changed).toEqual(["auth.ts"]);
    expect(first.manual).toEqual([]);
    expect(first.wrapped.map(({ file, line, module }) => [file, line, module])).toEqual([
      ["auth.ts", 7, "@portcullis/core/providers/oauth"],
      ["auth.ts", 7, "@portcullis/core/providers/email"],
    ]);
    const once = readFileSync(join(dir, "auth.ts"), "utf8");
    expect(once).toContain(`@auth/prisma-adapter`);
    expect(await migrate(dir)).toEqual({ changed: [], manual: [], wrapped: [], failed: [] });
    expect(readFileSync(join(dir, "auth.ts"), "utf8")).toBe(once);
  });
});

describe("npx @portcullis/migrate on an app with provider objects", () => {
  const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", cli, ...args], { encoding: "utf8" });

  it("lists the providers it wrapped apart from what it left for you, and a second run changes nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "migrate-providers-cli-"));
    try {
      mkdirSync(join(dir, "lib"));
      const auth = lines(
        `import NextAuth from "next-auth"`,
        `import Corp from "./lib/corp-provider.js"`,
        `export const { auth } = NextAuth({`,
        `  providers: [`,
        `    Corp({ clientId: "c" }),`,
        `    { id: "mail", type: "email", sendVerificationRequest },`,
        `    { id: "legacy", type: "oauth", version: "1.0A", authorization: "https://legacy.example/auth" },`,
        `  ],`,
        `})`,
        ``,
      );
      // A JavaScript app's provider function, in a file that imports nothing.
      const corp = lines(
        `export default function Corp(options) {`,
        `  return { id: "corp", name: "Corp", type: "oidc", issuer: "https://corp.example", options }`,
        `}`,
        ``,
      );
      writeFileSync(join(dir, "auth.ts"), auth);
      writeFileSync(join(dir, "lib", "corp-provider.js"), corp);

      const dry = run(dir, "--dry-run");
      expect(dry.status).toBe(0);
      expect(dry.stdout).toContain(
        `Providers to wrap (1):\n  auth.ts:7  "mail" in Email() from @portcullis/core/providers/email\n`,
      );

      const first = run(dir);
      expect(first.stderr).toBe("");
      expect(first.status).toBe(0);
      const [changed, wrapped, left] = first.stdout.split("\n\n");
      expect(changed).toBe(`Changed 1 file(s) in ${dir}\n  auth.ts`);
      expect(wrapped).toBe(
        `Providers wrapped (1):\n  auth.ts:7  "mail" in Email() from @portcullis/core/providers/email`,
      );
      expect(left?.split("\n")).toEqual([
        "Left for you (2):",
        expect.stringMatching(
          /^ {2}auth\.ts:8 {2}@portcullis\/core\/providers\/twitter: the provider object "legacy" uses OAuth 1\.0a, .*Twitter\(\{ version: "1\.0A"/,
        ),
        expect.stringMatching(
          /^ {2}lib\/corp-provider\.js:2 {2}@portcullis\/core\/providers\/oauth: the provider object "corp" .*wrap it in OAuth\(\)/,
        ),
        "",
      ]);
      expect(readFileSync(join(dir, "lib", "corp-provider.js"), "utf8")).toBe(corp);
      const once = readFileSync(join(dir, "auth.ts"), "utf8");
      expect(once).toContain(`    Email({ id: "mail", type: "email", sendVerificationRequest }),`);

      const second = run(dir);
      expect(second.stdout).toContain("Changed 0 file(s)");
      expect(second.stdout).not.toContain("Providers wrapped");
      // What is still to do is still listed.
      expect(second.stdout).toContain(left);
      expect(readFileSync(join(dir, "auth.ts"), "utf8")).toBe(once);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const REPO = fileURLToPath(new URL("../../../", import.meta.url));

describe("the wrapped providers", () => {
  it("type-check against Portcullis", () => {
    const project = new Project({
      tsConfigFilePath: join(REPO, "tsconfig.json"),
      skipAddingFilesFromTsConfig: true,
    });
    // Where a file of the repository would be, so that its paths find the Portcullis sources;
    // only in memory.
    const folder = join(REPO, "packages", "migrate", "test", "fixtures", "typecheck");
    const declarations = lines(
      `declare function queue(to: string, url: string): Promise<void>`,
      `declare const sendVerificationRequest: (params: { identifier: string; url: string }) => Promise<void>`,
    );
    const typescript = WRAPPED.filter(([, file]) => file.endsWith(".ts"));
    expect(typescript.length).toBeGreaterThan(5);
    const problems = typescript.flatMap(([pattern, file, before, after]) => {
      const migrated = rewriteSource(before, file).text;
      expect(migrated).toBe(after);
      const text = `${migrated}\n${declarations}\nexport {}\n`;
      const source = project.createSourceFile(join(folder, `${pattern.replace(/\W+/g, "-")}.ts`), text);
      return source.getPreEmitDiagnostics().map((diagnostic) => {
        const message = diagnostic.getMessageText();
        return `${pattern}: ${typeof message === "string" ? message : message.getMessageText()}`;
      });
    });
    expect(problems).toEqual([]);
  }, 60_000);

  it("sign in with Auth, where the plain objects were refused", async () => {
    const before = lines(
      `import { Auth } from "@auth/core"`,
      `import { MemoryAdapter } from "@portcullis/memory-adapter"`,
      `export const sent: string[] = []`,
      `export const config = {`,
      `  secret: "a-secret-of-at-least-thirty-two-characters",`,
      `  trustHost: true,`,
      `  adapter: MemoryAdapter(),`,
      `  providers: [`,
      `    { id: "corp", name: "Corp", type: "oauth", authorization: "https://corp.example/authorize", token: "https://corp.example/token", userinfo: "https://corp.example/me", clientId: "app", clientSecret: "s" },`,
      `    { id: "mail", name: "Mail", type: "email", async sendVerificationRequest({ url }) { sent.push(url) } },`,
      `  ],`,
      `}`,
      `export const handler = (request: Request) => Auth(request, config as never)`,
      ``,
    );
    const dir = mkdtempSync(join(REPO, "packages", "migrate", "test", "fixtures", ".work-"));
    try {
      mkdirSync(join(dir, "src"));
      const file = join(dir, "src", "auth.ts");
      writeFileSync(file, rewriteSource(before, "src/auth.ts").text);
      // The same app with its import renamed by hand and its providers left as plain objects.
      const plainFile = join(dir, "src", "plain.ts");
      writeFileSync(plainFile, before.replace(`"@auth/core"`, `"@portcullis/core"`));
      const app = await import(pathToFileURL(file).href);
      const plain = await import(pathToFileURL(plainFile).href);
      const client = new TestClient(app.handler);
      const csrfToken = await client.csrfToken();
      const oauth = await client.post("/auth/signin/corp", { form: { csrfToken } });
      expect(oauth.headers.get("location")).toMatch(/^https:\/\/corp\.example\/authorize\?/);
      const email = await client.post("/auth/signin/mail", { form: { csrfToken, email: "a@example.com" } });
      expect(email.status).toBe(302);
      expect(app.sent).toEqual([expect.stringContaining("/auth/callback/mail?")]);
      const refused = await plain.handler(new Request("http://localhost:3000/auth/providers"));
      expect(refused.status).toBe(500);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
