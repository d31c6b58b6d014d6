/**
 * The bad-input table of the core: every case gets a defined answer, nothing throws out of Auth,
 * no 500 except for configuration problems, nothing is stored.
 */
import { Auth, type LoggerInstance } from "@portcullis/core";
import { MAX_BODY_BYTES } from "@portcullis/core/http/request";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { config, signIn } from "./helpers";

const ORIGIN = "http://localhost:3000";
const BAD_REQUEST = { status: 400, body: '"Bad request."' };

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
  expect: { status: number; body?: string; location?: string };
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
    expect: { status: 413, body: '"Payload too large."' },
  },
  {
    name: "a body larger than the limit, streamed without length",
    request: (c) =>
      c.post("/auth/callback/credentials", {
        body: new Blob(["a=".padEnd(MAX_BODY_BYTES + 10, "x")]).stream(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    expect: { status: 413, body: '"Payload too large."' },
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
  // callbackUrl
  {
    name: "a javascript: callbackUrl in the query",
    request: (c) => c.get("/auth/signin?callbackUrl=javascript:alert(1)"),
    expect: { status: 500 },
  },
  {
    name: "a callbackUrl with CRLF in the query",
    request: (c) => c.get("/auth/session?callbackUrl=%2F%0D%0ASet-Cookie%3A%20x%3Dy"),
    expect: { status: 500 },
  },
  {
    name: "a foreign-origin callbackUrl in the body",
    request: (c, csrfToken) =>
      c.post("/auth/callback/credentials", {
        form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: "https://evil.example/" },
      }),
    expect: { status: 302, location: ORIGIN },
    signsIn: true,
  },
  {
    name: "a data: callbackUrl in the body",
    request: (c, csrfToken) =>
      c.post("/auth/signout", { form: { csrfToken, callbackUrl: "data:text/html,<script>" } }),
    expect: { status: 500 },
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
    expect(body).not.toContain("<script>alert(1)");
    expect(c.jar.get("authjs.session-token") !== undefined).toBe(!!signsIn);
  });

  it("logs the reason of a 500 without echoing the hostile input to the client", async () => {
    const { c, errors } = setup();
    const response = await c.get("/auth/signin?callbackUrl=javascript:alert(1)");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("javascript");
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["InvalidCallbackUrl"]);
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
