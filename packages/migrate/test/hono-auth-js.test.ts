/**
 * `@hono/auth-js` apps: the codemod moves `@hono/auth-js` to `@portcullis/hono` and
 * `@hono/auth-js/react` to `@portcullis/client/react`, in sources and package.json, and lists the
 * exports that have no counterpart (left on the old module) instead of passing over them.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  isPortcullisEntryPoint,
  migrate,
  missingExport,
  replacementPackages,
  rewritePackageJson,
  rewriteSource,
  rewriteSpecifier,
} from "@portcullis/migrate";
import { describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

// The exports of @hono/auth-js 1.1.1 (dist/index.d.ts and dist/react.d.ts).
const HONO_AUTH_JS = [
  "authHandler",
  "getAuthUser",
  "initAuthConfig",
  "setEnvDefaults",
  "verifyAuth",
  "AuthConfig",
  "AuthEnv",
  "AuthUser",
  "ConfigHandler",
];
const HONO_AUTH_JS_REACT = [
  "SessionContext",
  "SessionProvider",
  "getCsrfToken",
  "getProviders",
  "getSession",
  "signIn",
  "signOut",
  "useSession",
];

describe("rewriteSpecifier on @hono/auth-js", () => {
  it("renames @hono/auth-js to @portcullis/hono and its /react to @portcullis/client/react", () => {
    expect(rewriteSpecifier("@hono/auth-js")).toEqual({ kind: "rename", to: "@portcullis/hono" });
    expect(rewriteSpecifier("@hono/auth-js/react")).toEqual({
      kind: "rename",
      to: "@portcullis/client/react",
    });
    expect(isPortcullisEntryPoint("@portcullis/hono")).toBe(true);
  });

  it("leaves an unknown @hono/auth-js module for a person", () => {
    expect(rewriteSpecifier("@hono/auth-js/popup")).toMatchObject({
      kind: "manual",
      reason: expect.stringContaining("@hono/auth-js/popup"),
    });
  });

  it("knows which exports have no counterpart, and no others", async () => {
    for (const name of HONO_AUTH_JS) expect(missingExport("@hono/auth-js", name)).toBeUndefined();
    for (const name of HONO_AUTH_JS_REACT) expect(missingExport("@hono/auth-js/react", name)).toBeUndefined();
    expect(missingExport("@hono/auth-js", "reqWithEnvUrl")).toContain("reqWithEnvUrl");
    expect(missingExport("@hono/auth-js/react", "useOauthPopupLogin")).toContain("useOauthPopupLogin");
    expect(missingExport("@hono/auth-js/react", "authConfigManager")).toContain("configureClient");
    expect(missingExport("@hono/auth-js/react", "toString")).toBeUndefined();
    // The names said to be there are: the packages export them.
    const hono: Record<string, unknown> = await import("@portcullis/hono");
    for (const name of ["authHandler", "getAuthUser", "initAuthConfig", "setEnvDefaults", "verifyAuth"])
      expect(hono[name], name).toEqual(expect.any(Function));
    const react: Record<string, unknown> = await import("@portcullis/client/react");
    for (const name of [...HONO_AUTH_JS_REACT, "configureClient"]) expect(react[name], name).toBeDefined();
  });
});

describe("rewriteSource on @hono/auth-js imports", () => {
  it("renames the imports of the README's app", () => {
    const source = [
      `import { Hono } from "hono"`,
      `import { authHandler, initAuthConfig, verifyAuth, type AuthConfig } from "@hono/auth-js"`,
      `import GitHub from "@auth/core/providers/github"`,
      `import type { AuthUser } from "@hono/auth-js"`,
      ``,
    ].join("\n");
    expect(rewriteSource(source, "src/app.ts")).toEqual({
      text: source
        .replaceAll(`"@hono/auth-js"`, `"@portcullis/hono"`)
        .replace(`"@auth/core/providers/github"`, `"@portcullis/core/providers/github"`),
      changed: true,
      manual: [],
      wrapped: [],
    });
  });

  it("moves the names that have a counterpart and lists the others, left on the old module", () => {
    const source = [
      `import { SessionProvider, useOauthPopupLogin, authConfigManager as manager, useSession } from '@hono/auth-js/react';`,
      `export { getAuthUser, reqWithEnvUrl } from "@hono/auth-js"`,
      `import { useOauthPopupLogin as popup } from "@hono/auth-js/react"`,
      ``,
    ].join("\n");
    const { text, changed, manual } = rewriteSource(source, "src/client.tsx");
    expect(changed).toBe(true);
    expect(text).toBe(
      [
        `import { SessionProvider, useSession } from '@portcullis/client/react';`,
        `import { useOauthPopupLogin, authConfigManager as manager } from '@hono/auth-js/react';`,
        `export { getAuthUser } from "@portcullis/hono"`,
        `export { reqWithEnvUrl } from "@hono/auth-js"`,
        `import { useOauthPopupLogin as popup } from "@hono/auth-js/react"`,
        ``,
      ].join("\n"),
    );
    expect(manual).toEqual([
      {
        file: "src/client.tsx",
        line: 2,
        specifier: "@hono/auth-js/react",
        reason: expect.stringContaining("useOauthPopupLogin"),
      },
      {
        file: "src/client.tsx",
        line: 2,
        specifier: "@hono/auth-js/react",
        reason: expect.stringContaining("authConfigManager"),
      },
      {
        file: "src/client.tsx",
        line: 4,
        specifier: "@hono/auth-js",
        reason: expect.stringContaining("reqWithEnvUrl"),
      },
      {
        file: "src/client.tsx",
        line: 5,
        specifier: "@hono/auth-js/react",
        reason: expect.stringContaining("useOauthPopupLogin"),
      },
    ]);
  });
});

describe("rewriteSource on code that takes all of an @hono/auth-js module", () => {
  it("renames a namespace import, a star re-export and a dynamic import, and lists what the new module lacks", () => {
    const source = [
      `import * as auth from "@hono/auth-js";`,
      `const request = auth.reqWithEnvUrl(c.req.raw);`,
      `export * from "@hono/auth-js";`,
      `export * as client from "@hono/auth-js/react";`,
      `const { reqWithEnvUrl } = await import("@hono/auth-js");`,
      `const cjs = require("@hono/auth-js");`,
      `import legacy = require("@hono/auth-js");`,
      ``,
    ].join("\n");
    const { text, changed, manual } = rewriteSource(source, "src/app.ts");
    expect(changed).toBe(true);
    expect(text).toBe(
      source
        .replaceAll(`"@hono/auth-js"`, `"@portcullis/hono"`)
        .replace(`"@hono/auth-js/react"`, `"@portcullis/client/react"`),
    );
    const step = (line: number, specifier: string, how: string, name: string) => ({
      file: "src/app.ts",
      line,
      specifier,
      reason: expect.stringMatching(
        new RegExp(
          `^${how.replace(/[()*]/g, "\\$&")} now takes @portcullis/.*; where the code uses ${name} through it: ${name} has no Portcullis counterpart`,
        ),
      ),
    });
    expect(manual).toEqual([
      step(1, "@hono/auth-js", "the namespace import (import * as auth)", "reqWithEnvUrl"),
      step(3, "@hono/auth-js", "the re-export (export *)", "reqWithEnvUrl"),
      step(4, "@hono/auth-js/react", "the re-export (export * as client)", "authConfigManager"),
      step(4, "@hono/auth-js/react", "the re-export (export * as client)", "useOauthPopupLogin"),
      step(5, "@hono/auth-js", "the dynamic import (import())", "reqWithEnvUrl"),
      step(6, "@hono/auth-js", "the require()", "reqWithEnvUrl"),
      step(7, "@hono/auth-js", "the import (import = require())", "reqWithEnvUrl"),
    ]);
  });

  it("lists nothing for whole-module uses of modules that lack nothing, or imports that take no names", () => {
    const source = [
      `import * as core from "@auth/core";`,
      `export * from "next-auth/react";`,
      `import "@hono/auth-js";`,
      `const path = require.resolve("@hono/auth-js");`,
      `import { verifyAuth } from "@hono/auth-js";`,
      ``,
    ].join("\n");
    const { manual } = rewriteSource(source, "src/app.ts");
    expect(manual).toEqual([]);
  });

  it("reports the step through migrate() with its file and line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "migrate-hono-auth-js-"));
    try {
      writeFileSync(join(dir, "app.ts"), `// the API\nexport * from "@hono/auth-js"\n`);
      const report = await migrate(dir, { dryRun: true });
      expect(report.manual).toEqual([
        {
          file: "app.ts",
          line: 2,
          specifier: "@hono/auth-js",
          reason: expect.stringContaining("reqWithEnvUrl"),
        },
      ]);
      expect(report.changed).toEqual(["app.ts"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("package.json of an @hono/auth-js app", () => {
  it("replaces @hono/auth-js and @auth/core with @portcullis/hono and @portcullis/core", () => {
    const before = JSON.stringify({
      dependencies: { "@auth/core": "^0.41.3", "@hono/auth-js": "^1.1.1", hono: "^4.13.19" },
    });
    expect(JSON.parse(rewritePackageJson(before, "^0.1.0").text).dependencies).toEqual({
      "@portcullis/core": "^0.1.0",
      "@portcullis/hono": "^0.1.0",
      hono: "^4.13.19",
    });
  });

  it("adds @portcullis/client where the manifest depends on react, for @hono/auth-js/react", () => {
    expect(replacementPackages("@hono/auth-js", { react: true })).toEqual([
      "@portcullis/hono",
      "@portcullis/client",
      "@portcullis/core",
    ]);
    const before = JSON.stringify({ dependencies: { "@hono/auth-js": "1.1.1", react: "19.2.0" } });
    expect(JSON.parse(rewritePackageJson(before, "^0.1.0").text).dependencies).toEqual({
      "@portcullis/hono": "^0.1.0",
      "@portcullis/client": "^0.1.0",
      "@portcullis/core": "^0.1.0",
      react: "19.2.0",
    });
  });
});

describe("npx @portcullis/migrate on an @hono/auth-js app", () => {
  it("rewrites the app and its package.json, lists what it left, and exits 0", () => {
    const dir = mkdtempSync(join(tmpdir(), "migrate-hono-auth-js-"));
    try {
      mkdirSync(join(dir, "src"));
      writeFileSync(
        join(dir, "package.json"),
        `${JSON.stringify({ dependencies: { "@auth/core": "^0.41.3", "@hono/auth-js": "^1.1.1", hono: "^4.13.19", react: "^19.2.0" } }, null, 2)}\n`,
      );
      const app = [
        `import { Hono } from "hono"`,
        `import { authHandler, initAuthConfig, verifyAuth } from "@hono/auth-js"`,
        `import GitHub from "@auth/core/providers/github"`,
        `const app = new Hono()`,
        `app.use("*", initAuthConfig((c) => ({ secret: c.env.AUTH_SECRET, providers: [GitHub] })))`,
        `app.use("/api/auth/*", authHandler())`,
        `app.use("/api/*", verifyAuth())`,
        `app.get("/api/protected", (c) => c.json(c.get("authUser")))`,
        `export default app`,
        ``,
      ].join("\n");
      writeFileSync(join(dir, "src", "app.ts"), app);
      const client = `import { SessionProvider, useOauthPopupLogin } from "@hono/auth-js/react"\n`;
      writeFileSync(join(dir, "src", "client.tsx"), client);

      const run = spawnSync(process.execPath, ["--import", "tsx", cli, dir], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("Left for you (1):");
      expect(run.stdout).toContain(
        "src/client.tsx:2  @hono/auth-js/react: useOauthPopupLogin has no Portcullis counterpart",
      );

      expect(readFileSync(join(dir, "src", "app.ts"), "utf8")).toBe(
        app
          .replace(`"@hono/auth-js"`, `"@portcullis/hono"`)
          .replace(`"@auth/core/providers/github"`, `"@portcullis/core/providers/github"`),
      );
      expect(readFileSync(join(dir, "src", "client.tsx"), "utf8")).toBe(
        `import { SessionProvider } from "@portcullis/client/react"\nimport { useOauthPopupLogin } from "@hono/auth-js/react"\n`,
      );
      expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).dependencies).toEqual({
        "@portcullis/core": "^0.1.0",
        "@portcullis/hono": "^0.1.0",
        "@portcullis/client": "^0.1.0",
        hono: "^4.13.19",
        react: "^19.2.0",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports the same through migrate()", async () => {
    const dir = mkdtempSync(join(tmpdir(), "migrate-hono-auth-js-"));
    try {
      writeFileSync(join(dir, "app.ts"), `import { reqWithEnvUrl, getAuthUser } from "@hono/auth-js"\n`);
      const report = await migrate(dir, { dryRun: true });
      expect(report).toEqual({
        changed: ["app.ts"],
        manual: [
          {
            file: "app.ts",
            line: 2,
            specifier: "@hono/auth-js",
            reason: expect.stringContaining("reqWithEnvUrl"),
          },
        ],
        wrapped: [],
        failed: [],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
