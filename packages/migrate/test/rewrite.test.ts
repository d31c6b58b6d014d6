import { rewritePackageJson, rewriteSource, rewriteSvelte } from "@portcullis/migrate";
import { describe, expect, it } from "vitest";

describe("rewriteSource", () => {
  it("rewrites the files of a Next.js app as the Auth.js docs write them", () => {
    const auth = [
      `import NextAuth from "next-auth"`,
      `import GitHub from "next-auth/providers/github"`,
      `export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [GitHub] })`,
    ].join("\n");
    expect(rewriteSource(auth, "auth.ts").text).toBe(
      [
        `import NextAuth from "@portcullis/next"`,
        `import GitHub from "@portcullis/core/providers/github"`,
        `export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [GitHub] })`,
      ].join("\n"),
    );
    const client = `"use client"\nimport { SessionProvider, useSession } from 'next-auth/react'\n`;
    expect(rewriteSource(client, "app/providers.tsx").text).toBe(
      `"use client"\nimport { SessionProvider, useSession } from '@portcullis/client/react'\n`,
    );
  });

  it("rewrites module augmentations, type imports, re-exports, dynamic imports and require()", () => {
    const source = [
      `import type { JWT } from "next-auth/jwt"`,
      `export { auth as middleware } from "next-auth"`,
      `declare module "next-auth" { interface Session { role: string } }`,
      `declare module "next-auth/jwt" { interface JWT { role?: string } }`,
      `type S = import("next-auth").Session`,
      `const lazy = () => import("next-auth/react")`,
      `const cjs = require("@auth/core")`,
    ].join("\n");
    const { text, changed } = rewriteSource(source, "types.ts");
    expect(changed).toBe(true);
    expect(text).toBe(
      [
        `import type { JWT } from "@portcullis/core/jwt"`,
        `export { auth as middleware } from "@portcullis/next"`,
        `declare module "@portcullis/next" { interface Session { role: string } }`,
        `declare module "@portcullis/core/jwt" { interface JWT { role?: string } }`,
        `type S = import("@portcullis/next").Session`,
        `const lazy = () => import("@portcullis/client/react")`,
        `const cjs = require("@portcullis/core")`,
      ].join("\n"),
    );
  });

  it("rewrites import() types in the JSDoc comments of a JavaScript file", () => {
    const source = [
      `import { ExpressAuth } from "@auth/express"`,
      `/** @type {import("@auth/express").ExpressAuthConfig} */`,
      `export const config = {}`,
      `/**`,
      ` * @param {import('next-auth/middleware').NextRequestWithAuth} req`,
      ` * @returns {import("zod").ZodType}`,
      ` */`,
      `export function handler(req) {}`,
      `// import("next-auth") in a line comment is no type, and stays`,
    ].join("\n");
    const { text, changed, manual } = rewriteSource(source, "auth.js");
    expect(changed).toBe(true);
    expect(text).toBe(
      source
        .replace(`"@auth/express"\n`, `"@portcullis/express"\n`)
        .replace(`import("@auth/express")`, `import("@portcullis/express")`),
    );
    expect(manual).toEqual([
      { file: "auth.js", line: 5, specifier: "next-auth/middleware", reason: expect.stringContaining("v4") },
    ]);
  });

  it("leaves strings that are not module specifiers alone", () => {
    const source = `const name = "next-auth"\nconsole.log("@auth/core", { from: "next-auth/react" })\n`;
    expect(rewriteSource(source, "a.js")).toEqual({ text: source, changed: false, manual: [], wrapped: [] });
  });

  it("reports a v4 import it cannot rewrite, with its line", () => {
    const source = `import { z } from "zod"\nexport { default } from "next-auth/middleware"\n`;
    const { changed, manual } = rewriteSource(source, "middleware.ts");
    expect(changed).toBe(false);
    expect(manual).toEqual([
      {
        file: "middleware.ts",
        line: 2,
        specifier: "next-auth/middleware",
        reason: expect.stringContaining("v4"),
      },
    ]);
  });

  it("parses JSX in .jsx and .tsx files", () => {
    const source = `import { signIn } from "next-auth/react"\nexport const B = () => <button onClick={() => signIn()}>Go</button>\n`;
    expect(rewriteSource(source, "b.jsx").text).toContain(`from "@portcullis/client/react"`);
  });
});

describe("rewriteSvelte", () => {
  it("rewrites the script blocks and keeps the markup byte for byte", () => {
    const source = [
      `<script lang="ts">`,
      `  import { SignIn, SignOut } from "@auth/sveltekit/components"`,
      `  import { page } from "$app/stores"`,
      `</script>`,
      ``,
      `<p>"@auth/sveltekit/components" in markup stays</p>`,
      `<SignIn provider="github" />`,
    ].join("\n");
    const { text, changed } = rewriteSvelte(source, "src/routes/+page.svelte");
    expect(changed).toBe(true);
    expect(text).toBe(
      source.replace(`from "@auth/sveltekit/components"`, `from "@portcullis/sveltekit/components"`),
    );
  });

  it("reports lines counted in the whole component", () => {
    const source = `<h1>Hi</h1>\n<script>\n  import x from "next-auth/client"\n</script>\n`;
    expect(rewriteSvelte(source, "a.svelte").manual[0]).toMatchObject({ file: "a.svelte", line: 3 });
  });
});

describe("rewritePackageJson", () => {
  it("replaces Auth.js packages in place, keeps adapters, order and formatting", () => {
    const before = `{\n    "name": "app",\n    "dependencies": {\n        "@auth/kysely-adapter": "1.11.1",\n        "next": "16.4.0",\n        "next-auth": "5.0.0-beta.29",\n        "react": "19.3.0"\n    }\n}\n`;
    const { text, changed } = rewritePackageJson(before, "^0.1.0");
    expect(changed).toBe(true);
    expect(text).toBe(
      `{\n    "name": "app",\n    "dependencies": {\n        "@auth/kysely-adapter": "1.11.1",\n        "next": "16.4.0",\n        "@portcullis/next": "^0.1.0",\n        "@portcullis/client": "^0.1.0",\n        "@portcullis/core": "^0.1.0",\n        "react": "19.3.0"\n    }\n}\n`,
    );
  });

  it("adds the core once when two Auth.js packages need it", () => {
    const before = JSON.stringify({ devDependencies: { "@auth/core": "0.41.3", "@auth/express": "0.12.1" } });
    expect(JSON.parse(rewritePackageJson(before, "0.1.0").text)).toEqual({
      devDependencies: { "@portcullis/core": "0.1.0", "@portcullis/express": "0.1.0" },
    });
  });

  it("leaves a manifest without Auth.js packages untouched", () => {
    const before = `{"dependencies":{"react":"19.3.0"}}`;
    expect(rewritePackageJson(before, "^0.1.0")).toEqual({ text: before, changed: false });
  });
});
