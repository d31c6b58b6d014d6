/**
 * Twitter's OAuth 1.0a variant, end to end over HTTP. No real Twitter can run here, so a
 * loopback OAuth 1.0a server stands in; it checks every signature it receives with node:crypto,
 * independently of the signer under test.
 */
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { location, sessionOf, startSignIn } from "../oauth/helpers";
import { twitterApp } from "./helpers";

const KEY = "consumer-key";
const SECRET = "consumer secret!";
const REQUEST = { token: "request-token", secret: "request-secret" };
const ACCESS = { token: "access-token", secret: "access-secret" };
const VERIFIER = "the-verifier";

const enc = (v: string) =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Verifies an Authorization header the RFC 5849 way; returns its oauth_* params or null. */
function verified(method: string, url: URL, header: string | undefined, tokenSecret: string) {
  if (!header?.startsWith("OAuth ")) return null;
  const params = new Map<string, string>();
  for (const part of header.slice(6).split(", ")) {
    const [name, quoted] = part.split("=") as [string, string];
    params.set(decodeURIComponent(name), decodeURIComponent(quoted.slice(1, -1)));
  }
  const signature = params.get("oauth_signature");
  params.delete("oauth_signature");
  const pairs = [...url.searchParams.entries(), ...params.entries()]
    .map(([n, v]) => `${enc(n)}=${enc(v)}`)
    .sort();
  const base = [method, enc(`${url.origin}${url.pathname}`), enc(pairs.join("&"))].join("&");
  const expected = createHmac("sha1", `${enc(SECRET)}&${enc(tokenSecret)}`)
    .update(base)
    .digest("base64");
  return signature === expected && params.get("oauth_consumer_key") === KEY ? params : null;
}

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    const reply = (status: number, body: string) => res.writeHead(status).end(body);
    if (url.pathname === "/oauth/request_token") {
      const p = verified("POST", url, req.headers.authorization, "");
      if (!p?.get("oauth_callback")) return reply(401, "");
      return reply(
        200,
        `oauth_token=${REQUEST.token}&oauth_token_secret=${REQUEST.secret}&oauth_callback_confirmed=true`,
      );
    }
    if (url.pathname === "/oauth/access_token") {
      const p = verified("POST", url, req.headers.authorization, REQUEST.secret);
      if (p?.get("oauth_token") !== REQUEST.token || p.get("oauth_verifier") !== VERIFIER)
        return reply(401, "");
      return reply(200, `oauth_token=${ACCESS.token}&oauth_token_secret=${ACCESS.secret}&user_id=42`);
    }
    if (url.pathname === "/1.1/account/verify_credentials.json") {
      const p = verified("GET", url, req.headers.authorization, ACCESS.secret);
      if (p?.get("oauth_token") !== ACCESS.token) return reply(401, "");
      const user = { id: 42, id_str: "42", name: "Alice", screen_name: "alice", email: "Alice@Example.test" };
      return reply(
        200,
        JSON.stringify({ ...user, profile_image_url_https: "https://img.test/a_normal.png" }),
      );
    }
    reply(404, "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function setup() {
  return twitterApp(base, { clientId: KEY, clientSecret: SECRET });
}

describe("Twitter OAuth 1.0a", () => {
  it("signs in: the account keeps oauth_token and oauth_token_secret, the session shows the user", async () => {
    const { adapter, client } = setup();
    const authorize = location(await startSignIn(client, "twitter"));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/oauth/authenticate`);
    expect(authorize.searchParams.get("oauth_token")).toBe(REQUEST.token);
    const done = await client.get(
      `/auth/callback/twitter?oauth_token=${REQUEST.token}&oauth_verifier=${VERIFIER}`,
    );
    expect(location(done).href).toBe("http://localhost:3000/dashboard");
    const account = await adapter.getAccount!("42", "twitter");
    expect(account).toMatchObject({
      oauth_token: ACCESS.token,
      oauth_token_secret: ACCESS.secret,
      type: "oauth",
    });
    expect((await sessionOf(client))?.user).toMatchObject({
      name: "Alice",
      email: "alice@example.test",
      image: "https://img.test/a.png",
    });
  });

  it.each([
    ["a denied authorization", `denied=${REQUEST.token}`, "signin?error=OAuthCallbackError", true],
    ["a missing oauth_verifier", `oauth_token=${REQUEST.token}`, "signin?error=OAuthCallbackError", true],
    [
      "a wrong oauth_token",
      `oauth_token=other&oauth_verifier=${VERIFIER}`,
      "error?error=Configuration",
      true,
    ],
    [
      "a missing secret cookie",
      `oauth_token=${REQUEST.token}&oauth_verifier=${VERIFIER}`,
      "error?error=Configuration",
      false,
    ],
  ])("ends %s in an error redirect, not a 5xx", async (_, query, target, withCookie) => {
    const { adapter, client } = setup();
    await startSignIn(client, "twitter");
    if (!withCookie) client.jar.cookies.delete("authjs.state");
    const res = await client.get(`/auth/callback/twitter?${query}`);
    expect(location(res).href).toBe(`http://localhost:3000/auth/${target}`);
    expect(await adapter.getAccount!("42", "twitter")).toBeNull();
  });

  it("ends a tampered secret cookie in the Configuration error", async () => {
    const { client } = setup();
    await startSignIn(client, "twitter");
    const sealed = client.jar.get("authjs.state")!;
    client.jar.set("authjs.state", `${sealed.slice(0, -4)}AAAA`);
    const res = await client.get(
      `/auth/callback/twitter?oauth_token=${REQUEST.token}&oauth_verifier=${VERIFIER}`,
    );
    expect(location(res).href).toBe("http://localhost:3000/auth/error?error=Configuration");
  });
});
