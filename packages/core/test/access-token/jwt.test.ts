/** getAccessToken with JWT sessions and no adapter: tokens kept in the session JWT by opt-in. */

import type { ResponseCookie } from "@portcullis/core";
import { accountUserId } from "@portcullis/core/flows/account";
import type { TestClient, TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessToken,
  callOf,
  clock,
  engineOf,
  NEAR_EXPIRY,
  refreshingProvider,
  signedIn,
  startRefreshingIdp,
  tokenConfig,
  userinfoStatus,
} from "./helpers";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startRefreshingIdp();
});
afterAll(() => idp.stop());

function setup(keepTokensInJwt = true) {
  const time = clock();
  const config = tokenConfig(refreshingProvider(idp, { keepTokensInJwt }), time, {
    // An app that copies the whole token into the session, which is what must not leak the tokens.
    callbacks: { session: ({ session, token }) => ({ ...session, token }) },
  });
  return { time, config, engine: engineOf(config) };
}

/** Sets the cookies of a server answer in the browser's jar, as the framework's response would. */
function apply(client: TestClient, cookies: ResponseCookie[]): void {
  for (const cookie of cookies) client.jar.set(cookie.name, cookie.value);
}

describe("getAccessToken with tokens in the session JWT", () => {
  it("keeps the tokens out of the session the browser sees", async () => {
    const { config, engine } = setup();
    const client = await signedIn(config, idp);
    const token = await accessToken(engine, client);
    expect(token).toMatchObject({ accessToken: expect.any(String), tokenType: "bearer", cookies: [] });
    const response = await client.get("/auth/session");
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({
      user: { email: "alice@example.test" },
      token: { sub: await accountUserId("idp", "alice") },
    });
    expect(body).not.toContain(token!.accessToken);
    expect(body).not.toContain("upstream_tokens");
    expect(body).not.toContain("refresh_token");
  });

  it("refreshes, re-issues the session cookie with the new set, and the next call uses it", async () => {
    const { time, config, engine } = setup();
    const client = await signedIn(config, idp);
    const before = await accessToken(engine, client);
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");
    const refreshed = await accessToken(engine, client);
    expect(idp.grantCount("refresh_token")).toBe(grants + 1);
    expect(refreshed!.accessToken).not.toBe(before!.accessToken);
    expect(await userinfoStatus(idp, refreshed!.accessToken)).toBe(200);
    expect(refreshed!.cookies.map((c) => c.name)).toContain("authjs.session-token");
    apply(client, refreshed!.cookies);
    const again = await accessToken(engine, client);
    expect(again).toMatchObject({ accessToken: refreshed!.accessToken, cookies: [] });
    expect(idp.grantCount("refresh_token")).toBe(grants + 1);
    // The re-issued cookie is still a working session.
    expect(await (await client.get("/auth/session")).json()).toMatchObject({
      user: { email: "alice@example.test" },
    });
  });

  it("answers a request still carrying the cookie from before a refresh with that refresh, not a second one", async () => {
    const { time, config, engine } = setup();
    const client = await signedIn(config, idp);
    time.advance(NEAR_EXPIRY);
    const staleCall = callOf(client);
    const grants = idp.grantCount("refresh_token");
    const [first, ...rest] = await Promise.all(
      Array.from({ length: 20 }, () => engine.getAccessToken("idp", staleCall)),
    );
    const late = await engine.getAccessToken("idp", staleCall);
    expect(idp.grantCount("refresh_token")).toBe(grants + 1);
    for (const token of [...rest, late]) expect(token!.accessToken).toBe(first!.accessToken);
    expect(late!.cookies.length).toBeGreaterThan(0);
    expect(await userinfoStatus(idp, first!.accessToken)).toBe(200);
  });

  it("answers null for a provider that does not keep its tokens in the JWT", async () => {
    const { config, engine } = setup(false);
    const client = await signedIn(config, idp);
    expect(await accessToken(engine, client)).toBeNull();
  });
});
