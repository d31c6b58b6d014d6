/** WIRE.md's action table, row by row, over HTTP. */
import { skipCSRFCheck } from "@portcullis/core";
import { decode } from "@portcullis/core/jwt";
import { parseSetCookie } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { client, config, SECRET, signIn } from "./helpers";

const NO_CACHE = {
  "content-type": "application/json",
  "cache-control": "private, no-cache, no-store",
  expires: "0",
  pragma: "no-cache",
};

function expectNoCache(response: Response) {
  for (const [name, value] of Object.entries(NO_CACHE)) expect(response.headers.get(name)).toBe(value);
}

describe("csrf", () => {
  it("answers a 64-hex token with no-cache headers and sets the csrf cookie", async () => {
    const c = client();
    const response = await c.get("/auth/csrf");
    expect(response.status).toBe(200);
    expectNoCache(response);
    const { csrfToken } = await response.json();
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(c.jar.get("authjs.csrf-token")).toMatch(new RegExp(`^${csrfToken}%7C[0-9a-f]{64}$`));
  });

  it("reuses the token of a valid csrf cookie", async () => {
    const c = client();
    expect(await c.csrfToken()).toBe(await c.csrfToken());
  });

  it("answers 404 and clears the cookie when CSRF checks are skipped", async () => {
    const c = client(config({ skipCSRFCheck }));
    c.jar.set("authjs.csrf-token", "x");
    const response = await c.get("/auth/csrf");
    expect(response.status).toBe(404);
    expect(c.jar.get("authjs.csrf-token")).toBeUndefined();
  });
});

describe("providers", () => {
  it("lists each provider with id, name, type and absolute URLs, and sets no cookie", async () => {
    const c = client();
    const response = await c.get("/auth/providers");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: "http://localhost:3000/auth/signin/credentials",
        callbackUrl: "http://localhost:3000/auth/callback/credentials",
      },
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("session", () => {
  it("answers null (not {}) with no-cache headers when there is no session", async () => {
    const response = await client().get("/auth/session");
    expect(response.status).toBe(200);
    expectNoCache(response);
    expect(await response.text()).toBe("null");
  });

  it("answers the session and re-sets the cookie with a later expiry (sliding)", async () => {
    let now = Date.UTC(2026, 0, 1);
    const c = client(config({ now: () => now }));
    await signIn(c);
    const first = c.jar.cookies.get("authjs.session-token")!;
    now += 60_000;
    const response = await c.get("/auth/session");
    expect(await response.json()).toEqual({
      user: { name: "Alice", email: "alice@example.com", image: "https://example.com/a.png" },
      expires: new Date(now + 30 * 24 * 3600 * 1000).toISOString(),
    });
    const second = c.jar.cookies.get("authjs.session-token")!;
    expect(second.value).not.toBe(first.value);
    expect(new Date(second.attributes.expires as string).getTime()).toBeGreaterThan(
      new Date(first.attributes.expires as string).getTime(),
    );
  });

  it("gives reads of one session within a second one token, and a sign-in always a new one", async () => {
    let now = Date.UTC(2026, 0, 1);
    const c = client(config({ now: () => now }));
    await signIn(c);
    const signedIn = c.jar.cookies.get("authjs.session-token")!.value;
    const tokens: string[] = [];
    for (const step of [0, 400, 599, 1]) {
      now += step;
      await c.get("/auth/session");
      tokens.push(c.jar.cookies.get("authjs.session-token")!.value);
    }
    // 0 and +400 and +999 ms share a second; +1000 ms is the next one.
    expect(tokens[0]).not.toBe(signedIn);
    expect(tokens[1]).toBe(tokens[0]);
    expect(tokens[2]).toBe(tokens[0]);
    expect(tokens[3]).not.toBe(tokens[0]);
    await signIn(c);
    const again = c.jar.cookies.get("authjs.session-token")!.value;
    await signIn(c);
    expect(c.jar.cookies.get("authjs.session-token")!.value).not.toBe(again);
  });

  it("gives two devices of one user that sign in and read in the same second tokens with their own jti", async () => {
    const now = Date.UTC(2026, 0, 1);
    const cfg = config({ now: () => now });
    const devices = [client(cfg), client(cfg)];
    const jtis = async () =>
      Promise.all(
        devices.map(async (d) => {
          const token = d.jar.cookies.get("authjs.session-token")!.value;
          return (await decode({ token, secret: SECRET, salt: "authjs.session-token", now }))?.jti;
        }),
      );
    for (const d of devices) await signIn(d);
    const signedIn = await jtis();
    for (const d of devices) await d.get("/auth/session");
    const refreshed = await jtis();
    expect(new Set([...signedIn, ...refreshed]).size).toBe(4);
    expect(devices[0]!.jar.cookies.get("authjs.session-token")!.value).not.toBe(
      devices[1]!.jar.cookies.get("authjs.session-token")!.value,
    );
  });

  it("answers null and clears a session cookie that does not decrypt", async () => {
    const c = client();
    c.jar.set("authjs.session-token", "not-a-jwe");
    const response = await c.get("/auth/session");
    expect(await response.json()).toBeNull();
    const cleared = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((k) => k.name === "authjs.session-token");
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes["max-age"]).toBe("0");
  });

  it("answers null for a session past its expiry", async () => {
    let now = Date.UTC(2026, 0, 1);
    const c = client(config({ now: () => now, session: { maxAge: 60 } }));
    await signIn(c);
    now += 61_000 + 15_000;
    expect(await c.session()).toBeNull();
  });

  it("updates through POST with trigger update and the client's data", async () => {
    const cfg = config({
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" ? { ...token, name: (session as { name: string }).name } : token,
      },
    });
    const c = client(cfg);
    await signIn(c);
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/session", { json: { csrfToken, data: { name: "Alice Liddell" } } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { name: "Alice Liddell" } });
    expect(await c.session()).toMatchObject({ user: { name: "Alice Liddell" } });
  });

  it("answers 400 null to an update without a valid CSRF token", async () => {
    const c = client();
    await signIn(c);
    const response = await c.post("/auth/session", {
      json: { csrfToken: "0".repeat(64), data: { name: "Mallory" } },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toBeNull();
    expect(await c.session()).toMatchObject({ user: { name: "Alice" } });
  });

  it("answers 400 null to an update when there is no session", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/session", { json: { csrfToken, data: {} } });
    expect(response.status).toBe(400);
    expect(await response.json()).toBeNull();
  });
});

describe("signin", () => {
  it("shows the sign-in page with the credentials form and a CSRF token", async () => {
    const c = client();
    const response = await c.get("/auth/signin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const page = await response.text();
    const token = c.jar.get("authjs.csrf-token")!.split("%7C")[0]!;
    expect(page).toContain(token);
    expect(page).toContain('action="http://localhost:3000/auth/callback/credentials"');
    expect(page).toContain('name="password"');
  });

  it("redirects to a custom sign-in page with callbackUrl and error", async () => {
    const c = client(config({ pages: { signIn: "/login" } }));
    const response = await c.get("/auth/signin?callbackUrl=%2Fafter&error=SessionRequired");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe("http://localhost:3000/after");
    expect(location.searchParams.get("error")).toBe("SessionRequired");
  });

  it("sends a credentials sign-in POST back to the sign-in page", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/signin/credentials", { form: { csrfToken } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin");
  });

  it("sends an unknown provider to the error page with error=Configuration", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    for (const path of ["/auth/signin/nope", "/auth/callback/nope"]) {
      const response = await c.post(path, { form: { csrfToken } });
      expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
    }
  });

  it("sends a sign-in POST without CSRF token to the sign-in page with MissingCSRF", async () => {
    const response = await client().post("/auth/signin/credentials", { form: {} });
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=MissingCSRF");
  });
});

describe("callback (credentials)", () => {
  it("signs in and redirects to the callbackUrl with the session cookie", async () => {
    const c = client();
    const response = await signIn(c);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/dashboard");
    const cookie = c.jar.cookies.get("authjs.session-token")!;
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe("Lax");
    expect(cookie.attributes.path).toBe("/");
    expect(cookie.attributes.expires).toBeDefined();
    expect(cookie.attributes["max-age"]).toBeUndefined();
  });

  it("rejects wrong credentials with CredentialsSignin and the default code, setting no cookie", async () => {
    const c = client();
    const response = await signIn(c, { password: "guess" });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=CredentialsSignin&code=credentials",
    );
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("carries a custom CredentialsSignin code into the URL", async () => {
    const response = await signIn(client(), { pin: "0000" });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=CredentialsSignin&code=wrong_pin",
    );
  });

  it("refuses a credentials callback by GET", async () => {
    const response = await client().get("/auth/callback/credentials?username=alice&password=wonderland");
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
  });

  it("passes the whole body and the request to authorize", async () => {
    const seen: unknown[] = [];
    const cfg = config({
      providers: [
        {
          id: "pin",
          name: "PIN",
          type: "credentials",
          credentials: {},
          authorize: (fields, request) => {
            seen.push(fields, request instanceof Request);
            return { id: "7" };
          },
        },
      ],
    });
    const c = client(cfg);
    const csrfToken = await c.csrfToken();
    await c.post("/auth/callback/pin", { form: { csrfToken, pin: "1234", extra: "x" } });
    expect(seen).toEqual([{ csrfToken, pin: "1234", extra: "x" }, true]);
  });
});

describe("signout", () => {
  it("shows a page with a form posting the CSRF token", async () => {
    const c = client();
    const response = await c.get("/auth/signout");
    const page = await response.text();
    expect(page).toContain('action="http://localhost:3000/auth/signout"');
    expect(page).toContain(c.jar.get("authjs.csrf-token")!.split("%7C")[0]);
  });

  it("clears the session, fires signOut with the token, and redirects to the callbackUrl", async () => {
    const events: unknown[] = [];
    const c = client(config({ events: { signOut: (m) => void events.push(m) } }));
    await signIn(c);
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/signout", { form: { csrfToken, callbackUrl: "/bye" } });
    expect(response.headers.get("location")).toBe("http://localhost:3000/bye");
    expect(c.jar.get("authjs.session-token")).toBeUndefined();
    expect(events).toEqual([{ token: expect.objectContaining({ name: "Alice", sub: "u1" }) }]);
    expect(await c.session()).toBeNull();
  });

  it("redirects also when there was no session", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/signout", { form: { csrfToken } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
  });

  it("keeps the session when the sign-out POST has no CSRF token", async () => {
    const c = client();
    await signIn(c);
    const response = await c.post("/auth/signout", { form: {} });
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin?error=MissingCSRF");
    expect(await c.session()).not.toBeNull();
  });
});

describe("error and verify-request pages", () => {
  it.each([
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["Default", 200],
    ["SomethingElse", 200],
  ])("answers the error page for %s with status %i", async (error, status) => {
    const response = await client().get(`/auth/error?error=${error}`);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it("redirects to a custom error page", async () => {
    const response = await client(config({ pages: { error: "/oops" } })).get(
      "/auth/error?error=AccessDenied",
    );
    expect(response.headers.get("location")).toBe("http://localhost:3000/oops?error=AccessDenied");
  });

  it("shows the verify-request page", async () => {
    const response = await client().get("/auth/verify-request?provider=email&type=email");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("localhost:3000");
  });
});

describe("cookies set by GET requests", () => {
  it("sets the csrf and callback-url cookies on a first GET, but not on providers", async () => {
    const c = client();
    await c.get("/auth/providers");
    expect(c.jar.cookies.size).toBe(0);
    await c.get("/auth/session");
    expect(c.jar.get("authjs.csrf-token")).toBeDefined();
    expect(decodeURIComponent(c.jar.get("authjs.callback-url")!)).toBe("http://localhost:3000");
  });
});

describe("X-Auth-Return-Redirect", () => {
  it("answers {url} with the cookies instead of a redirect on success", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/callback/credentials", {
      headers: { "X-Auth-Return-Redirect": "1" },
      form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/home" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: "http://localhost:3000/home" });
    expect(c.jar.get("authjs.session-token")).toBeDefined();
  });

  it("answers {url} of the error page, the error type beside it, and no Set-Cookie on failure", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/callback/credentials", {
      headers: { "X-Auth-Return-Redirect": "1" },
      form: { csrfToken, username: "alice", password: "nope" },
    });
    expect(response.status).toBe(200);
    // Auth.js's clients read `url`; `error` tells Portcullis's a refusal from a return to a page
    // whose own URL carries an `error`.
    expect(await response.json()).toEqual({
      url: "http://localhost:3000/auth/signin?error=CredentialsSignin&code=credentials",
      error: "CredentialsSignin",
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("secure cookies", () => {
  it("prefixes cookies with __Secure- and the CSRF cookie with __Host- on https", async () => {
    const c = client(config(), "https://app.example.com");
    await signIn(c);
    const names = [...c.jar.cookies.keys()].sort();
    expect(names).toEqual([
      "__Host-authjs.csrf-token",
      "__Secure-authjs.callback-url",
      "__Secure-authjs.session-token",
    ]);
    for (const cookie of c.jar.cookies.values()) expect(cookie.attributes.secure).toBe(true);
  });

  it("uses secure cookies on http when useSecureCookies is set", async () => {
    const c = client(config({ useSecureCookies: true }));
    await c.get("/auth/csrf");
    expect(c.jar.get("__Host-authjs.csrf-token")).toBeDefined();
  });

  it("honours cookie name and option overrides", async () => {
    const c = client(config({ cookies: { sessionToken: { name: "sid", options: { sameSite: "strict" } } } }));
    await signIn(c);
    expect(c.jar.cookies.get("sid")?.attributes.samesite).toBe("Strict");
  });
});
