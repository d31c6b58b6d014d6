/**
 * Who is blamed in the log: a sign-in the visitor's own input ended is a warning code, not an
 * error (a signIn callback that throws stays an error: see callbacks.test.ts), and so is a form
 * without a valid CSRF token, which anyone can post.
 */
import type { AuthConfig } from "@portcullis/core";
import { describe, expect, it } from "vitest";
import { client, config, recordingLogger, signIn } from "./helpers";

describe("log level of a refused sign-in", () => {
  const cases: [string, Partial<AuthConfig>, Record<string, string>, string][] = [
    ["a wrong password", {}, { password: "not-wonderland" }, "credentials-signin-failed"],
    ["a CredentialsSignin subclass thrown by authorize", {}, { pin: "0000" }, "credentials-signin-failed"],
    ["a signIn callback returning false", { callbacks: { signIn: () => false } }, {}, "access-denied"],
  ];

  it.each(cases)("logs %s as a warning, not an error", async (_name, overrides, fields, code) => {
    const { log, logger } = recordingLogger();
    const response = await signIn(client(config({ ...overrides, logger })), fields);
    expect(response.status).toBe(302);
    expect(log.warnings).toEqual([code]);
    expect(log.errors).toEqual([]);
    // The details are still there for whoever turns debug logging on.
    expect(log.debug.join("\n")).toMatch(/CredentialsSignin|AccessDenied/);
  });
});

describe("log level of a form without a valid CSRF token", () => {
  const posts: [string, string, Record<string, string>][] = [
    ["a credentials sign-in", "/auth/callback/credentials", { username: "alice", password: "wonderland" }],
    ["a sign-in", "/auth/signin/credentials", {}],
    ["a sign-out", "/auth/signout", {}],
  ];

  it.each(posts)("logs %s posted by anyone as a warning, not an error", async (_name, path, form) => {
    const { log, logger } = recordingLogger();
    const c = client(config({ logger }));
    const response = await c.post(path, { form: { ...form, csrfToken: "0".repeat(64) } });
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=MissingCSRF");
    expect(log.warnings).toEqual(["csrf-token-missing"]);
    expect(log.errors).toEqual([]);
    expect(log.debug.join("\n")).toMatch(/MissingCSRF: The .* form came without a valid CSRF token/);
  });
});
