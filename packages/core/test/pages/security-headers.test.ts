/**
 * Every built-in HTML page forbids framing (X-Frame-Options and CSP frame-ancestors), allows no
 * script but the passkey one, by its hash, and stays out of shared caches (a cached sign-in page
 * would hand one visitor's CSRF token and callback URL to the next); the pages of a pending or
 * followed magic link send no Referer to other origins. HTTP in, headers out.
 */
import { createHash } from "node:crypto";
import { Auth, type AuthConfig } from "@portcullis/core";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import Passkey from "@portcullis/core/providers/passkey";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { credentials, SECRET } from "../auth/helpers";

const ORIGIN = "http://localhost:3000";

function appConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter: MemoryAdapter(),
    providers: [
      credentials,
      Passkey,
      // Never connected to: the pages under test send no mail.
      Nodemailer({ server: "smtp://127.0.0.1:9", from: "no-reply@example.test", confirm: true }),
    ],
    experimental: { enableWebAuthn: true },
    logger: { error: () => {}, warn: () => {} },
    ...overrides,
  };
}

/** The CSP source of each inline script's text: what the policy must list for it to run. */
function inlineScriptSources(page: string): string[] {
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash("sha256").update(text!).digest("base64")}'`,
  );
}

/** The directives of a CSP header, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("built-in pages", () => {
  // [page, path, config overrides, expected status, whether the page holds the passkey script, Referrer-Policy]
  const pages: Array<[string, string, Partial<AuthConfig>, number, boolean, string | null]> = [
    ["the sign-in page", "/auth/signin", {}, 200, true, null],
    ["the sign-in page without passkeys", "/auth/signin", { providers: [credentials] }, 200, false, null],
    ["the sign-out page", "/auth/signout", {}, 200, false, null],
    ["the error page", "/auth/error?error=Verification", {}, 403, false, null],
    [
      "the verify-request page",
      "/auth/verify-request?provider=nodemailer&type=email",
      {},
      200,
      false,
      "no-referrer",
    ],
    [
      "the magic-link confirmation page",
      "/auth/callback/nodemailer?token=abc&email=ada%40example.com",
      {},
      200,
      false,
      "same-origin",
    ],
    [
      "the configuration error page",
      "/auth/signin",
      // An email provider needs an adapter: a configuration error, shown as the error page.
      { adapter: undefined },
      500,
      false,
      null,
    ],
  ];

  it.each(pages)(
    "%s cannot be framed, runs no script but the passkey one and stays out of shared caches",
    async (_name, path, overrides, status, passkey, referrer) => {
      const config = appConfig(overrides);
      // A returning visitor's browser sends its CSRF and callback-url cookies, so the answer sets
      // none: nothing but Cache-Control keeps a proxy from storing the page for everyone.
      const first = await Auth(new Request(`${ORIGIN}${path}`), config);
      const cookie = first.headers
        .getSetCookie()
        .map((header) => header.split(";")[0])
        .join("; ");
      const response = await Auth(new Request(`${ORIGIN}${path}`, { headers: { cookie } }), config);
      expect(response.status).toBe(status);
      // `private` keeps it out of shared caches; the confirmation page, whose URL holds the
      // magic link's token, is not stored at all.
      expect(response.headers.get("cache-control")).toBe(
        referrer === "same-origin" ? "private, no-store" : "private",
      );
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      const policy = directives(response.headers.get("content-security-policy") ?? "");
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("default-src")).toEqual(["'none'"]);
      expect(policy.get("style-src")).toEqual(["'unsafe-inline'"]);
      // Exactly one script source: the passkey script's hash, which the page's script must match.
      const scriptSources = policy.get("script-src") ?? [];
      expect(scriptSources).toHaveLength(1);
      expect(scriptSources[0]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
      const page = await response.text();
      expect(inlineScriptSources(page)).toEqual(passkey ? scriptSources : []);
      expect(page).not.toMatch(/\son[a-z]+=/i);
      expect(response.headers.get("referrer-policy")).toBe(referrer);
    },
  );

  it("answers redirects and JSON without the page headers", async () => {
    const config = appConfig({ pages: { error: "/custom-error" } });
    for (const path of ["/auth/error?error=Verification", "/auth/session", "/auth/csrf", "/auth/providers"]) {
      const response = await Auth(new Request(`${ORIGIN}${path}`), config);
      expect(response.headers.get("content-type") ?? "").not.toContain("text/html");
      expect(response.headers.get("x-frame-options")).toBeNull();
    }
  });
});
