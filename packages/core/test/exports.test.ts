/**
 * The names Auth.js apps import, under the same import paths with the package names changed:
 * `"./package.json"` of every package, the core's `isAuthAction`, the errors' `isClientError`,
 * and the error classes every framework package re-exports.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AuthError, CredentialsSignin, customFetch, isAuthAction } from "@portcullis/core";
import { isClientError, OAuthSignInError } from "@portcullis/core/errors";
import { describe, expect, it } from "vitest";

const PACKAGES = fileURLToPath(new URL("../..", import.meta.url));

describe("package.json exports", () => {
  const names = readdirSync(PACKAGES).filter((name) => {
    try {
      readFileSync(`${PACKAGES}/${name}/package.json`);
      return true;
    } catch {
      return false;
    }
  });
  for (const name of names) {
    it(`${name} exports its package.json`, () => {
      const manifest = JSON.parse(readFileSync(`${PACKAGES}/${name}/package.json`, "utf8"));
      expect(manifest.exports["./package.json"]).toBe("./package.json");
    });
  }
});

describe("isAuthAction", () => {
  const cases: [string, boolean][] = [
    ["session", true],
    ["webauthn-options", true],
    ["verify-request", true],
    ["toString", false],
    ["__proto__", false],
    ["Session", false],
    ["", false],
  ];
  for (const [action, expected] of cases) {
    it(`answers ${expected} for ${JSON.stringify(action)}`, () => {
      expect(isAuthAction(action)).toBe(expected);
    });
  }
});

describe("isClientError", () => {
  it("is true for a client-safe AuthError and false for any other error", () => {
    expect(isClientError(new CredentialsSignin())).toBe(true);
    expect(isClientError(new OAuthSignInError())).toBe(false);
    expect(isClientError(new AuthError())).toBe(false);
    expect(isClientError(new Error("x"))).toBe(false);
  });
});

describe("framework packages", () => {
  for (const name of ["next", "express", "hono", "fastify", "sveltekit", "solid-start"]) {
    it(`@portcullis/${name} re-exports AuthError and CredentialsSignin`, async () => {
      const module = await import(`../../${name}/src/index.ts`);
      expect(module.AuthError).toBe(AuthError);
      expect(module.CredentialsSignin).toBe(CredentialsSignin);
    });

    it(`@portcullis/${name} re-exports customFetch, the core's symbol`, async () => {
      const module = await import(`../../${name}/src/index.ts`);
      expect(typeof module.customFetch).toBe("symbol");
      expect(module.customFetch).toBe(customFetch);
    });
  }

  it("@portcullis/next's default export is NextAuth", async () => {
    const module = await import("@portcullis/next");
    expect(module.default).toBe(module.NextAuth);
  });
});
