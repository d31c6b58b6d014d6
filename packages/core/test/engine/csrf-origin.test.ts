/**
 * `Mount.csrfOrigin`: an integration whose framework knows the app's origin (SvelteKit) lets a
 * POST from exactly that origin through the CSRF check without a token, as SvelteKit's own check
 * of form posts would. Every other POST still needs the double-submit token.
 */
import { createAuth, type Mount } from "@portcullis/core";
import { describe, expect, it } from "vitest";
import { config as baseConfig } from "../auth/helpers";

const APP = "https://app.example";
const MISSING_CSRF = `${APP}/auth/signin?error=MissingCSRF`;

/** The helpers' credentials configuration, without logging the refusals these tests expect. */
const config = () => baseConfig({ logger: { error: () => {}, warn: () => {} } });

/** A hand-made form POST (no csrfToken field unless given) to `path`, with that Origin, if any. */
function formPost(
  path: string,
  origin: string | undefined,
  fields: Record<string, string> = {},
  cookie?: string,
): Request {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (origin !== undefined) headers.origin = origin;
  if (cookie !== undefined) headers.cookie = cookie;
  return new Request(`${APP}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** Where a sign-out POST without a token ends, for an Origin header and a mount. */
async function signOutLocation(origin: string | undefined, mount: Mount): Promise<string | null> {
  const response = await createAuth(config()).handle(formPost("/auth/signout", origin), mount);
  expect(response.status).toBe(302);
  return response.headers.get("location");
}

describe("a POST without a CSRF token, mounted with csrfOrigin", () => {
  const cases: {
    from: string;
    origin: string | undefined;
    csrfOrigin: string | undefined;
    accepted: boolean;
  }[] = [
    { from: "the app's own origin", origin: APP, csrfOrigin: APP, accepted: true },
    {
      from: "the app's own origin, csrfOrigin given with a path",
      origin: APP,
      csrfOrigin: `${APP}/some/page`,
      accepted: true,
    },
    { from: "no Origin header", origin: undefined, csrfOrigin: APP, accepted: false },
    {
      from: "Origin: null (a sandboxed frame, a privacy redirect)",
      origin: "null",
      csrfOrigin: APP,
      accepted: false,
    },
    { from: "another site", origin: "https://evil.example", csrfOrigin: APP, accepted: false },
    { from: "a sibling subdomain", origin: "https://www.app.example", csrfOrigin: APP, accepted: false },
    { from: "the parent domain", origin: "https://example", csrfOrigin: APP, accepted: false },
    { from: "plain http for an https app", origin: "http://app.example", csrfOrigin: APP, accepted: false },
    { from: "another port", origin: "https://app.example:8443", csrfOrigin: APP, accepted: false },
    {
      from: "the default port spelled out (no browser sends it)",
      origin: "https://app.example:443",
      csrfOrigin: APP,
      accepted: false,
    },
    { from: "two Origin values", origin: `${APP}, ${APP}`, csrfOrigin: APP, accepted: false },
    { from: "the app's origin, the option off", origin: APP, csrfOrigin: undefined, accepted: false },
    {
      from: "Origin null, csrfOrigin a non-http URL",
      origin: "null",
      csrfOrigin: "file:///app",
      accepted: false,
    },
    {
      from: "the app's origin, csrfOrigin not a URL",
      origin: APP,
      csrfOrigin: "app.example",
      accepted: false,
    },
  ];

  for (const { from, origin, csrfOrigin, accepted } of cases) {
    it(`${accepted ? "accepts" : "refuses"} a sign-out from ${from}`, async () => {
      const location = await signOutLocation(origin, { csrfOrigin });
      expect(location).toBe(accepted ? APP : MISSING_CSRF);
    });
  }

  it("signs in with credentials posted from the app's origin", async () => {
    const fields = { username: "alice", password: "wonderland", callbackUrl: "/dashboard" };
    const response = await createAuth(config()).handle(formPost("/auth/callback/credentials", APP, fields), {
      csrfOrigin: APP,
    });
    expect(response.headers.get("location")).toBe(`${APP}/dashboard`);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__Secure-authjs.session-token="))).toBe(
      true,
    );
  });

  it("refuses the same credentials posted from another origin", async () => {
    const fields = { username: "alice", password: "wonderland", callbackUrl: "/dashboard" };
    const response = await createAuth(config()).handle(
      formPost("/auth/callback/credentials", "https://evil.example", fields),
      { csrfOrigin: APP },
    );
    expect(response.headers.get("location")).toBe(MISSING_CSRF);
    expect(response.headers.getSetCookie().some((c) => c.includes("session-token="))).toBe(false);
  });

  it("still accepts a POST from another origin that carries the token", async () => {
    const auth = createAuth(config());
    const csrf = await auth.handle(new Request(`${APP}/auth/csrf`), { csrfOrigin: APP });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const request = formPost("/auth/signout", "https://other.example", { csrfToken }, cookie);
    const response = await auth.handle(request, { csrfOrigin: APP });
    expect(response.headers.get("location")).toBe(APP);
  });
});
