/**
 * The bad-input table of the core: every case gets a defined answer, nothing throws out of Auth,
 * no 500 except for configuration problems, nothing is stored.
 */
import { Auth, type LoggerInstance } from "@portcullis/core";
import { MAX_BODY_BYTES } from "@portcullis/core/http/request";
import GitHub from "@portcullis/core/providers/github";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { client, config, credentials, signIn } from "./helpers";

const ORIGIN = "http://localhost:3000";
const BAD_REQUEST = { status: 400, body: '"Bad request."' };
/** What a browser gets instead: a page in the error page's style, with a heading of its own. */
const BAD_REQUEST_PAGE = { status: 400, page: "<h1>Bad request</h1>" };
const TOO_LARGE_PAGE = { status: 413, page: "<h1>Too much data</h1>" };

/** A client whose logger records errors, to check that each case is logged usefully and quietly. */
function setup() {
  const errors: Error[] = [];
  const logger: Partial<LoggerInstance> = {
    error: (e) => void errors.push(e),
    warn: () => {},
    debug: () => {},
  };
  const cfg = config({ logger });
  return { errors, cfg, c: new TestClient((r) => Auth(r, cfg), ORIGIN) };
}

type Case = {
  name: string;
  request: (c: TestClient, csrfToken: string) => Promise<Response>;
  expect: { status: number; body?: string; location?: string; page?: string };
  /** The case is a valid sign-in whose only bad part is sanitised (so a session is expected). */
  signsIn?: boolean;
};

const cases: Case[] = [
  // Routing and methods
  { name: "PUT on session", request: (c) => c.request("PUT", "/auth/session"), expect: BAD_REQUEST },
  { name: "DELETE on signout", request: (c) => c.request("DELETE", "/auth/signout"), expect: BAD_REQUEST },
  { name: "POST on csrf", request: (c) => c.post("/auth/csrf"), expect: BAD_REQUEST },
  { name: "POST on providers", request: (c) => c.post("/auth/providers"), expect: BAD_REQUEST },
  { name: "an unknown action", request: (c) => c.get("/auth/admin"), expect: BAD_REQUEST },
  {
    name: "an unknown action opened in a browser",
    request: (c) => c.get("/auth/admin", { headers: { accept: "text/html,application/xhtml+xml" } }),
    expect: BAD_REQUEST_PAGE,
  },
  {
    name: "a form posted to an action that takes no POST",
    request: (c) => c.post("/auth/providers", { form: { a: "b" } }),
    expect: BAD_REQUEST_PAGE,
  },
  { name: "a prototype key as action", request: (c) => c.get("/auth/__proto__"), expect: BAD_REQUEST },
  {
    name: "extra path segments",
    request: (c) => c.get("/auth/signin/credentials/extra"),
    expect: BAD_REQUEST,
  },
  {
    name: "a provider segment on session",
    request: (c) => c.get("/auth/session/credentials"),
    expect: BAD_REQUEST,
  },
  { name: "a path outside basePath", request: (c) => c.get("/other/session"), expect: BAD_REQUEST },
  { name: "the bare basePath", request: (c) => c.get("/auth"), expect: BAD_REQUEST },
  {
    name: "bad percent-encoding in the provider id",
    request: (c) => c.get("/auth/signin/%E0%A4%A"),
    expect: BAD_REQUEST,
  },
  // Bodies
  {
    name: "malformed JSON",
    request: (c) =>
      c.post("/auth/callback/credentials", {
        body: "{nope",
        headers: { "content-type": "application/json" },
      }),
    expect: BAD_REQUEST,
  },
  {
    name: "a JSON array body",
    request: (c) =>
      c.post("/auth/session", { body: "[1,2]", headers: { "content-type": "application/json" } }),
    expect: BAD_REQUEST,
  },
  {
    name: "a form sent as text/plain (not read, so no CSRF token)",
    request: (c, csrfToken) =>
      c.post("/auth/callback/credentials", {
        body: `csrfToken=${csrfToken}&username=alice&password=wonderland`,
        headers: { "content-type": "text/plain" },
      }),
    expect: { status: 302, location: `${ORIGIN}/auth/signin?error=MissingCSRF` },
  },
  {
    name: "a body larger than the limit, declared",
    request: (c) => c.post("/auth/callback/credentials", { form: { pad: "x".repeat(MAX_BODY_BYTES) } }),
    expect: TOO_LARGE_PAGE,
  },
  {
    name: "a body larger than the limit, from a JSON client",
    request: (c) => c.post("/auth/callback/credentials", { json: { pad: "x".repeat(MAX_BODY_BYTES) } }),
    expect: { status: 413, body: '"Payload too large."' },
  },
  {
    name: "a body larger than the limit, from the Auth.js client (a form asking for JSON)",
    request: (c) =>
      c.post("/auth/callback/credentials", {
        form: { pad: "x".repeat(MAX_BODY_BYTES) },
        headers: { "x-auth-return-redirect": "1" },
      }),
    expect: { status: 413, body: '"Payload too large."' },
  },
  {
    name: "a body larger than the limit, streamed without length",
    request: (c) =>
      c.post("/auth/callback/credentials", {
        body: new Blob(["a=".padEnd(MAX_BODY_BYTES + 10, "x")]).stream(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    expect: TOO_LARGE_PAGE,
  },
  {
    // A framework that keeps a copy of the body (a `request.clone()`) hands over a tee's branch;
    // cancelling it waits for the other branch, so the 413 must not wait for the cancel.
    name: "a body larger than the limit, streamed without length, as a tee's branch",
    request: (c) =>
      c.post("/auth/callback/credentials", {
        body: new Blob(["a=".padEnd(MAX_BODY_BYTES + 10, "x")]).stream().tee()[0],
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    expect: TOO_LARGE_PAGE,
  },
  // CSRF
  {
    name: "a sign-in POST with a wrong CSRF token",
    request: (c) =>
      c.post("/auth/callback/credentials", {
        form: { csrfToken: "f".repeat(64), username: "alice", password: "wonderland" },
      }),
    expect: { status: 302, location: `${ORIGIN}/auth/signin?error=MissingCSRF` },
  },
  {
    name: "a CSRF cookie without a hash, with the matching body token",
    request: (c) => {
      c.jar.set("authjs.csrf-token", "a".repeat(64));
      return c.post("/auth/callback/credentials", {
        form: { csrfToken: "a".repeat(64), username: "alice", password: "wonderland" },
      });
    },
    expect: { status: 302, location: `${ORIGIN}/auth/signin?error=MissingCSRF` },
  },
  {
    name: "a CSRF cookie with a forged hash",
    request: (c) => {
      c.jar.set("authjs.csrf-token", `${"a".repeat(64)}%7C${"0".repeat(64)}`);
      return c.post("/auth/signout", { form: { csrfToken: "a".repeat(64) } });
    },
    expect: { status: 302, location: `${ORIGIN}/auth/signin?error=MissingCSRF` },
  },
  {
    name: "a JSON csrfToken that is not a string",
    request: (c) => c.post("/auth/session", { json: { csrfToken: { $ne: "" }, data: {} } }),
    expect: { status: 400, body: "null" },
  },
  // Cookies
  {
    name: "a garbage session cookie",
    request: (c) => {
      c.jar.set("authjs.session-token", "%%%garbage");
      return c.get("/auth/session");
    },
    expect: { status: 200, body: "null" },
  },
  {
    name: "a session chunk with garbage",
    request: (c) => {
      c.jar.set("authjs.session-token.0", "eyJ");
      c.jar.set("authjs.session-token.1", "!!");
      return c.get("/auth/session");
    },
    expect: { status: 200, body: "null" },
  },
  {
    name: "a callback-url cookie with javascript:",
    request: (c) => {
      c.jar.set("authjs.callback-url", "javascript%3Aalert(1)");
      return c.get("/auth/session");
    },
    expect: { status: 200, body: "null" },
  },
  {
    name: "a callback-url cookie with bad percent-encoding",
    request: (c) => {
      c.jar.set("authjs.callback-url", "%E0%A4%A");
      return c.get("/auth/csrf");
    },
    expect: { status: 200 },
  },
  {
    name: "a Cookie header of only separators",
    request: (c) => c.get("/auth/session", { headers: { cookie: ";;; = ;=;" } }),
    expect: { status: 200, body: "null" },
  },
  // callbackUrl (see also the "bad callbackUrl" table below)
  {
    name: "a foreign-origin callbackUrl in the body",
    request: (c, csrfToken) =>
      c.post("/auth/callback/credentials", {
        form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: "https://evil.example/" },
      }),
    expect: { status: 302, location: ORIGIN },
    signsIn: true,
  },
  // Providers
  {
    name: "an unknown provider on sign-in",
    request: (c, csrfToken) => c.post("/auth/signin/github", { form: { csrfToken } }),
    expect: { status: 302, location: `${ORIGIN}/auth/error?error=Configuration` },
  },
  {
    name: "an unknown provider on callback",
    request: (c) => c.get("/auth/callback/%3Cscript%3E"),
    expect: { status: 302, location: `${ORIGIN}/auth/error?error=Configuration` },
  },
  {
    name: "webauthn-options for a credentials provider",
    request: (c) => c.get("/auth/webauthn-options/credentials"),
    expect: { status: 302, location: `${ORIGIN}/auth/error?error=Configuration` },
  },
  // Hostile page input
  {
    name: "a hostile error value on the sign-in page",
    request: (c) => c.get("/auth/signin?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E"),
    expect: { status: 200 },
  },
];

describe("bad input", () => {
  it.each(cases)("answers $name as defined", async ({ request, expect: expected, signsIn }) => {
    const { c } = setup();
    const csrfToken = await c.csrfToken();
    const response = await request(c, csrfToken);
    expect(response.status).toBe(expected.status);
    if (expected.location !== undefined) expect(response.headers.get("location")).toBe(expected.location);
    const body = await response.text();
    if (expected.body !== undefined) expect(body).toBe(expected.body);
    if (expected.page !== undefined) {
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(body).toContain(expected.page);
    }
    expect(body).not.toContain("<script>alert(1)");
    expect(c.jar.get("authjs.session-token") !== undefined).toBe(!!signsIn);
  });

  it("never lets a throwing config function escape Auth", async () => {
    const response = await Auth(new Request(`${ORIGIN}/auth/session`), () => {
      throw new Error("config store unreachable");
    });
    expect(response.status).toBe(500);
  });

  it("tampering any character of a valid session cookie gives no session", async () => {
    const { c } = setup();
    await signIn(c);
    const token = c.jar.get("authjs.session-token")!;
    for (const index of [5, 60, token.length / 2, token.length - 3].map(Math.floor)) {
      const flipped = token.slice(0, index) + (token[index] === "A" ? "B" : "A") + token.slice(index + 1);
      c.jar.set("authjs.session-token", flipped);
      expect(await c.session()).toBeNull();
    }
  });
});

/**
 * A callbackUrl is client input wherever it comes from (form body, JSON body, query, or the
 * callback-url cookie, which a sibling subdomain can plant). A bad one is skipped with a warning:
 * the next source is used (the cookie, then the origin), never a 5xx, never stored.
 */
describe("bad callbackUrl", () => {
  const CALLBACK_COOKIE = "authjs.callback-url";
  /** What the callback-url cookie held before the bad request: the fallback for body and query. */
  const EARLIER = `${ORIGIN}/earlier`;

  const badValues: [string, string][] = [
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["not a URL", "not a url"],
    ["CR/LF", "/\r\nSet-Cookie: x=y"],
    ["a TAB hiding a //", "/\t/evil.example"],
    ["a NUL", "/a\u0000b"],
    ["an undecodable percent-escape", "/%E0%A4%A"],
    ["a percent-escaped byte that is not UTF-8", "/%FF"],
    ["U+FFFD from bytes that were not UTF-8", "/\uFFFD"],
    ["a lone surrogate", "/\uD800"],
    ["a protocol-relative //", "//evil.example"],
    ["a backslash after the slash", "/\\evil.example"],
    ["dot segments collapsing into //", "/a/..//evil.example"],
  ];

  type Source = "form body" | "JSON body" | "query" | "cookie";
  type Act = {
    name: string;
    method: "GET" | "POST";
    path: string;
    status: number;
    /** Where the user lands: the Location is the fallback. */
    redirects?: boolean;
    /** The page's forms carry the fallback as their hidden callbackUrl. */
    page?: boolean;
    form?: Record<string, string>;
  };
  const acts: Act[] = [
    { name: "GET signin", method: "GET", path: "/auth/signin", status: 200, page: true },
    { name: "POST signin/github", method: "POST", path: "/auth/signin/github", status: 302 },
    { name: "GET signout", method: "GET", path: "/auth/signout", status: 200, page: true },
    { name: "POST signout", method: "POST", path: "/auth/signout", status: 302, redirects: true },
    {
      name: "credentials callback",
      method: "POST",
      path: "/auth/callback/credentials",
      status: 302,
      redirects: true,
      form: { username: "alice", password: "wonderland" },
    },
    { name: "csrf", method: "GET", path: "/auth/csrf", status: 200 },
    { name: "session", method: "GET", path: "/auth/session", status: 200 },
    { name: "providers", method: "GET", path: "/auth/providers", status: 200 },
    { name: "error page", method: "GET", path: "/auth/error", status: 200 },
  ];

  /** A config with credentials and an OAuth provider whose sign-in needs no network. */
  function app() {
    const warnings: string[] = [];
    const logger: Partial<LoggerInstance> = {
      error: () => {},
      warn: (code) => void warnings.push(code),
      debug: () => {},
    };
    const cfg = config({
      logger,
      providers: [credentials, GitHub({ clientId: "github-id", clientSecret: "github-secret" })],
    });
    return { warnings, client: () => new TestClient((r) => Auth(r, cfg), ORIGIN) };
  }

  /** The callback-url values the response sets, decoded. */
  function callbackCookiesSet(response: Response): string[] {
    return response.headers
      .getSetCookie()
      .filter((header) => header.startsWith(`${CALLBACK_COOKIE}=`))
      .map((header) => decodeURIComponent(header.slice(CALLBACK_COOKIE.length + 1).split(";")[0]!));
  }

  /** Sends `act` with `value` placed in `source`; the client holds a CSRF token and a cookie. */
  async function send(c: TestClient, act: Act, source: Source, value: string): Promise<Response> {
    const csrfToken = await c.csrfToken();
    if (source === "cookie") c.jar.set(CALLBACK_COOKIE, encodeURIComponent(value));
    else c.jar.set(CALLBACK_COOKIE, encodeURIComponent(EARLIER));
    const fields = act.method === "POST" ? { csrfToken, ...act.form } : undefined;
    if (source === "query") {
      const path = `${act.path}?${new URLSearchParams({ callbackUrl: value })}`;
      return c.request(act.method, path, fields && { form: fields });
    }
    if (source === "form body" && fields)
      return c.request("POST", act.path, { form: { ...fields, callbackUrl: value } });
    if (source === "JSON body" && fields)
      return c.request("POST", act.path, { json: { ...fields, callbackUrl: value } });
    return c.request(act.method, act.path, fields && { form: fields });
  }

  const sources: Source[] = ["form body", "JSON body", "query", "cookie"];
  const rows = sources.flatMap((source) =>
    badValues
      // A cookie value is percent-encoded text: a lone surrogate cannot be written into one.
      .filter(([name]) => !(source === "cookie" && name === "a lone surrogate"))
      .map(([name, value]) => ({ source, name, value })),
  );

  it.each(rows)(
    "ignores a callbackUrl with $name in the $source on every action",
    async ({ source, value }) => {
      const { warnings, client } = app();
      const fallback = source === "cookie" ? ORIGIN : EARLIER;
      const readsBody = (act: Act) => act.method === "POST";
      for (const act of acts) {
        if (source.endsWith("body") && !readsBody(act)) continue;
        const c = client();
        const response = await send(c, act, source, value);
        const seen = {
          action: act.name,
          status: response.status,
          location: response.headers.get("location"),
        };
        expect(seen).toMatchObject({ action: act.name, status: act.status });
        if (act.redirects) expect(seen.location).toBe(fallback);
        const body = await response.text();
        if (act.page) expect(body).toContain(`name="callbackUrl" value="${fallback}"`);
        for (const stored of callbackCookiesSet(response))
          expect({ action: act.name, stored }).toEqual({ action: act.name, stored: fallback });
      }
      expect(warnings).toContain("invalid-callback-url");
    },
  );

  it("ignores a planted bad callback-url cookie on every action and replaces it with the origin", async () => {
    const { warnings, client } = app();
    for (const act of acts) {
      const c = client();
      const csrfToken = await c.csrfToken();
      // A sibling subdomain can set a cookie for this host: the value is the attacker's.
      c.jar.set(CALLBACK_COOKIE, encodeURIComponent("/\uFFFD"));
      const fields = act.method === "POST" ? { form: { csrfToken, ...act.form } } : undefined;
      const response = await c.request(act.method, act.path, fields);
      expect({ action: act.name, status: response.status }).toEqual({ action: act.name, status: act.status });
      if (act.redirects) expect(response.headers.get("location")).toBe(ORIGIN);
      for (const stored of callbackCookiesSet(response)) expect(stored).toBe(ORIGIN);
    }
    expect(warnings).toContain("invalid-callback-url");
  });

  it.each([
    [
      "raw bytes that are not UTF-8 in a form body",
      new Uint8Array([...new TextEncoder().encode("callbackUrl=/"), 0xff]),
    ],
    ["a lone surrogate escaped in a JSON body", '{"callbackUrl":"/\\ud800"}'],
  ])("signs out to the origin when the body has %s", async (_name, payload) => {
    const { client } = app();
    const c = client();
    const csrfToken = await c.csrfToken();
    const isJson = typeof payload === "string";
    const body = isJson
      ? payload.replace("{", `{"csrfToken":"${csrfToken}",`)
      : new Uint8Array([...new TextEncoder().encode(`csrfToken=${csrfToken}&`), ...payload]);
    const response = await c.post("/auth/signout", {
      body,
      headers: { "content-type": isJson ? "application/json" : "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(callbackCookiesSet(response)).toEqual([]);
  });

  it("ignores a query callbackUrl whose raw percent-encoding is broken", async () => {
    const { client } = app();
    const c = client();
    const response = await c.get("/auth/signin?callbackUrl=%E0%A4%A");
    expect(response.status).toBe(200);
    expect(decodeURIComponent(c.jar.get(CALLBACK_COOKIE)!)).toBe(ORIGIN);
  });

  it("logs which source was ignored and why, without the value", async () => {
    const debug: string[] = [];
    const warnings: string[] = [];
    const cfg = config({
      logger: { error: () => {}, warn: (code) => void warnings.push(code), debug: (m) => void debug.push(m) },
    });
    const response = await Auth(new Request(`${ORIGIN}/auth/signin?callbackUrl=javascript:alert(1)`), cfg);
    expect(response.status).toBe(200);
    expect(warnings).toEqual(["invalid-callback-url"]);
    expect(debug).toEqual(["Ignored the callbackUrl of the query: not an http(s) URL or a path."]);
    expect(await response.text()).not.toContain("javascript");
  });
});

describe("callbackUrl with non-ASCII characters", () => {
  const ENCODED = `${ORIGIN}/%E6%97%A5%E6%9C%AC`;

  it("percent-encodes a /日本 path: the sign-in lands there and the cookie holds the encoded form", async () => {
    const c = client();
    const page = await c.get(`/auth/signin?${new URLSearchParams({ callbackUrl: "/日本?q=東京#章" })}`);
    expect(page.status).toBe(200);
    expect(decodeURIComponent(c.jar.get("authjs.callback-url")!)).toBe(
      `${ENCODED}?q=%E6%9D%B1%E4%BA%AC#%E7%AB%A0`,
    );
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/日本" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ENCODED);
    expect(decodeURIComponent(c.jar.get("authjs.callback-url")!)).toBe(ENCODED);
    // Later actions read the stored form back without trouble.
    const again = await c.post("/auth/signout", { form: { csrfToken } });
    expect(again.headers.get("location")).toBe(ENCODED);
  });

  it("heals a callback-url cookie that holds /日本 unencoded, as older versions stored it", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    c.jar.set("authjs.callback-url", encodeURIComponent(`${ORIGIN}/日本`));
    const response = await c.post("/auth/signout", { form: { csrfToken } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ENCODED);
    expect(decodeURIComponent(c.jar.get("authjs.callback-url")!)).toBe(ENCODED);
  });
});

describe("open redirects", () => {
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "https:evil.example",
    "\\\\evil.example",
    "https://localhost:3000@evil.example",
    "http://localhost:3000@evil.example/",
    "http://localhost:3000.evil.example/",
    "/\t/evil.example",
  ])("sends a sign-in with callbackUrl %s to the origin, not elsewhere", async (callbackUrl) => {
    const response = await signIn(client(), { callbackUrl });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
  });
});
