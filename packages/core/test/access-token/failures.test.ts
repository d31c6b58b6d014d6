/**
 * getAccessToken when a refresh cannot succeed: a grant revoked at the provider, no refresh
 * token, an adapter that cannot store, a provider that is down, and hostile token responses.
 */

import type { AccessTokenOptions, Adapter, OAuth2Config, ResponseCookie } from "@portcullis/core";
import { accessTokenWithCookies, customFetch } from "@portcullis/core";
import { MissingAdapterMethods, OAuthProviderUnavailable, RefreshTokenError } from "@portcullis/core/errors";
import { decode } from "@portcullis/core/jwt";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, SECRET, sessionOf } from "../oauth/helpers";
import {
  accessToken,
  callOf,
  clock,
  engineOf,
  NEAR_EXPIRY,
  NOT_REFRESHING,
  refreshingProvider,
  revokeAtProvider,
  signedIn,
  startRefreshingIdp,
  tokenConfig,
} from "./helpers";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startRefreshingIdp();
});
afterAll(() => idp.stop());

function setup(
  options: {
    provider?: Partial<OAuth2Config>;
    adapter?: Adapter | null;
    accessTokens?: AccessTokenOptions;
    http?: number;
  } = {},
) {
  const adapter = options.adapter === null ? undefined : (options.adapter ?? MemoryAdapter());
  const time = clock();
  const config = tokenConfig(refreshingProvider(idp, options.provider), time, {
    adapter,
    accessTokens: options.accessTokens,
    timeouts: options.http === undefined ? undefined : { http: options.http },
  });
  return { adapter, time, config, engine: engineOf(config) };
}

/** What a call threw. */
async function thrown(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to throw");
}

describe("a refresh that fails for good", () => {
  it("throws RefreshTokenError (invalid_grant) for a grant revoked at the provider, and keeps the session", async () => {
    const { adapter, time, config, engine } = setup();
    const client = await signedIn(config, idp);
    const stored = await adapter!.getAccount!("alice", "idp");
    await revokeAtProvider(idp, stored!.refresh_token!);
    time.advance(NEAR_EXPIRY);
    const error = await thrown(accessToken(engine, client));
    expect(error).toBeInstanceOf(RefreshTokenError);
    expect(error).toMatchObject({
      type: "RefreshTokenError",
      reason: "invalid_grant",
      sessionEnded: false,
      cookies: [],
    });
    expect(error.message).not.toContain(stored!.refresh_token!);
    expect(await adapter!.getAccount!("alice", "idp")).toEqual(stored);
    expect(await sessionOf(client)).toMatchObject({ user: { email: "alice@example.test" } });
  });

  it("ends the database session with endSessionOnFailure", async () => {
    const { adapter, time, config, engine } = setup({ accessTokens: { endSessionOnFailure: true } });
    const client = await signedIn(config, idp);
    await revokeAtProvider(idp, (await adapter!.getAccount!("alice", "idp"))!.refresh_token!);
    time.advance(NEAR_EXPIRY);
    const error = (await thrown(accessToken(engine, client))) as RefreshTokenError;
    expect(error).toMatchObject({ reason: "invalid_grant", sessionEnded: true });
    expect(error.cookies).toEqual([expect.objectContaining({ name: "authjs.session-token", value: "" })]);
    // The row is gone: the browser's cookie no longer signs anyone in.
    expect(await sessionOf(client)).toBeNull();
  });

  it("ends a JWT session with endSessionOnFailure: the error carries the cookie that clears it", async () => {
    const { time, config, engine } = setup({
      adapter: null,
      provider: { keepTokensInJwt: true },
      accessTokens: { endSessionOnFailure: true },
    });
    const client = await signedIn(config, idp);
    const refreshToken = await refreshTokenInJwt(engine, client);
    await revokeAtProvider(idp, refreshToken);
    time.advance(NEAR_EXPIRY);
    const error = (await thrown(accessToken(engine, client))) as RefreshTokenError;
    expect(error).toMatchObject({ reason: "invalid_grant", sessionEnded: true });
    for (const cookie of error.cookies) client.jar.set(cookie.name, cookie.value);
    expect(await sessionOf(client)).toBeNull();
  });

  it("accessTokenWithCookies hands an integration the cookie that clears the ended JWT session, then rethrows", async () => {
    const { time, config, engine } = setup({
      adapter: null,
      provider: { keepTokensInJwt: true },
      accessTokens: { endSessionOnFailure: true },
    });
    const client = await signedIn(config, idp);
    await revokeAtProvider(idp, await refreshTokenInJwt(engine, client));
    time.advance(NEAR_EXPIRY);
    const set: ResponseCookie[] = [];
    const error = await thrown(
      accessTokenWithCookies(engine, "idp", callOf(client), (cookies) => void set.push(...cookies)),
    );
    expect(error).toMatchObject({ type: "RefreshTokenError", sessionEnded: true });
    expect(set).toEqual([expect.objectContaining({ name: "authjs.session-token", value: "" })]);
  });

  it("throws RefreshTokenError (no_refresh_token) when the provider issued no refresh token", async () => {
    const { adapter, time, config, engine } = setup({
      provider: { clientId: NOT_REFRESHING.client_id, clientSecret: NOT_REFRESHING.client_secret },
    });
    const client = await signedIn(config, idp);
    expect((await adapter!.getAccount!("alice", "idp"))?.refresh_token).toBeUndefined();
    expect(await accessToken(engine, client)).toMatchObject({ accessToken: expect.any(String) });
    time.advance(NEAR_EXPIRY);
    const error = await thrown(accessToken(engine, client));
    expect(error).toMatchObject({
      type: "RefreshTokenError",
      reason: "no_refresh_token",
      sessionEnded: false,
    });
  });
});

describe("an adapter without the methods", () => {
  it("reads without updateAccount, and names it when a refresh is due", async () => {
    const adapter = MemoryAdapter();
    delete adapter.updateAccount;
    const { time, config, engine } = setup({ adapter });
    const client = await signedIn(config, idp);
    expect(await accessToken(engine, client)).toMatchObject({ accessToken: expect.any(String) });
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");
    const error = await thrown(accessToken(engine, client));
    expect(error).toBeInstanceOf(MissingAdapterMethods);
    expect(error.message).toContain("updateAccount");
    // Nothing was asked of the provider that could not be stored: the refresh token is not spent.
    expect(idp.grantCount("refresh_token")).toBe(grants);
    expect(await sessionOf(client)).toMatchObject({ user: { email: "alice@example.test" } });
  });

  it("names listAccountsByUser when the adapter cannot find the user's accounts", async () => {
    const adapter = MemoryAdapter();
    delete adapter.listAccountsByUser;
    const { config, engine } = setup({ adapter });
    const client = await signedIn(config, idp);
    const error = await thrown(accessToken(engine, client));
    expect(error).toBeInstanceOf(MissingAdapterMethods);
    expect(error.message).toContain("listAccountsByUser");
  });
});

/** The refresh token kept in the client's session JWT, decoded as the core decodes it. */
async function refreshTokenInJwt(
  engine: ReturnType<typeof engineOf>,
  client: Parameters<typeof accessToken>[1],
) {
  expect(await accessToken(engine, client)).not.toBeNull();
  const cookie = client.jar.get("authjs.session-token")!;
  const payload = await decode({ token: cookie, secret: SECRET, salt: "authjs.session-token" });
  return (payload as { upstream_tokens: { idp: { refresh_token: string } } }).upstream_tokens.idp
    .refresh_token;
}

/** A provider whose refresh-token requests get `answer` instead of reaching the provider. */
function answering(answer: (init: RequestInit) => Promise<Response> | Response): Partial<OAuth2Config> {
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const refresh = String(init?.body ?? "").includes("grant_type=refresh_token");
    return refresh ? answer(init ?? {}) : fetch(input, init);
  };
  return { [customFetch]: fetcher as typeof fetch };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

const HOSTILE: Array<{
  name: string;
  answer: (init: RequestInit) => Promise<Response> | Response;
  expected: { type: string; reason?: string };
}> = [
  {
    name: "no access_token",
    answer: json({ token_type: "bearer", expires_in: 60 }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "an empty access_token",
    answer: json({ access_token: "", token_type: "bearer" }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "a numeric access_token",
    answer: json({ access_token: 42, token_type: "bearer" }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "no token_type",
    answer: json({ access_token: "at" }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "token_type mac",
    answer: json({ access_token: "at", token_type: "mac" }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "token_type DPoP",
    answer: json({ access_token: "at", token_type: "DPoP" }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "a huge expires_in",
    answer: json({ access_token: "at", token_type: "bearer", expires_in: 1e12 }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "a negative expires_in",
    answer: json({ access_token: "at", token_type: "bearer", expires_in: -5 }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "a word as expires_in",
    answer: json({ access_token: "at", token_type: "bearer", expires_in: "soon" }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "a numeric refresh_token",
    answer: json({ access_token: "at", token_type: "bearer", refresh_token: 7 }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "an ID token that is not a JWT",
    answer: json({ access_token: "at", token_type: "bearer", id_token: "x.y.z" }),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "an array body",
    answer: json([{ access_token: "at" }]),
    expected: { type: "RefreshTokenError", reason: "invalid_response" },
  },
  {
    name: "400 invalid_grant",
    answer: json({ error: "invalid_grant" }, 400),
    expected: { type: "RefreshTokenError", reason: "invalid_grant" },
  },
  {
    name: "401 invalid_client",
    answer: json({ error: "invalid_client" }, 401),
    expected: { type: "RefreshTokenError", reason: "provider_error" },
  },
  { name: "a 400 without an OAuth error", answer: json({}, 400), expected: { type: "RefreshTokenError" } },
  {
    name: "503",
    answer: json({ error: "temporarily_unavailable" }, 503),
    expected: { type: "OAuthProviderUnavailable" },
  },
  {
    name: "an HTML page with 200",
    answer: () => new Response("<html>proxy</html>", { headers: { "content-type": "text/html" } }),
    expected: { type: "OAuthProviderUnavailable" },
  },
  {
    name: "no connection",
    answer: () => Promise.reject(new TypeError("fetch failed")),
    expected: { type: "OAuthProviderUnavailable" },
  },
  {
    name: "no answer in time",
    answer: (init) =>
      new Promise<Response>((_, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      ),
    expected: { type: "OAuthProviderUnavailable" },
  },
];

describe("hostile or failing token responses to a refresh", () => {
  it.each(HOSTILE)(
    "$name: $expected.type, nothing stored, the session kept",
    async ({ answer, expected }) => {
      const { adapter, time, config, engine } = setup({
        provider: answering(answer),
        accessTokens: { endSessionOnFailure: true },
        http: 500,
      });
      const client = await signedIn(config, idp);
      const stored = await adapter!.getAccount!("alice", "idp");
      time.advance(NEAR_EXPIRY);
      const error = await thrown(accessToken(engine, client));
      expect(error).toMatchObject(expected);
      expect(await adapter!.getAccount!("alice", "idp")).toEqual(stored);
      if (error instanceof OAuthProviderUnavailable) {
        // An outage is no reason to sign the user out, whatever endSessionOnFailure says.
        expect(await sessionOf(client)).toMatchObject({ user: { email: "alice@example.test" } });
      } else {
        expect(error.message).not.toContain(stored!.refresh_token!);
      }
    },
  );
});

describe("hostile calls", () => {
  const cases: Array<{
    name: string;
    providerId: string;
    call: (cookie: string) => Parameters<ReturnType<typeof engineOf>["getAccessToken"]>[1];
    expected: "null" | string;
  }> = [
    {
      name: "an unknown provider id",
      providerId: "nope",
      call: (cookie) => ({ headers: { cookie }, origin: ORIGIN }),
      expected: "InvalidRequest",
    },
    {
      name: "a path as provider id",
      providerId: "../idp",
      call: (cookie) => ({ headers: { cookie }, origin: ORIGIN }),
      expected: "InvalidRequest",
    },
    {
      name: "an empty provider id",
      providerId: "",
      call: (cookie) => ({ headers: { cookie }, origin: ORIGIN }),
      expected: "InvalidRequest",
    },
    {
      name: "no origin and no Host",
      providerId: "idp",
      call: (cookie) => ({ headers: { cookie } }),
      expected: "InvalidRequest",
    },
    {
      name: "a forged session cookie",
      providerId: "idp",
      call: () => ({ headers: { cookie: "authjs.session-token=forged" }, origin: ORIGIN }),
      expected: "null",
    },
    { name: "no cookie", providerId: "idp", call: () => ({ headers: {}, origin: ORIGIN }), expected: "null" },
    {
      name: "a huge cookie",
      providerId: "idp",
      call: () => ({ headers: { cookie: `authjs.session-token=${"x".repeat(100_000)}` }, origin: ORIGIN }),
      expected: "null",
    },
  ];
  it.each(cases)("$name: $expected", async ({ providerId, call, expected }) => {
    const { adapter, config, engine } = setup();
    const client = await signedIn(config, idp);
    const stored = await adapter!.getAccount!("alice", "idp");
    const grants = idp.grantCount("refresh_token");
    const outcome = await engine.getAccessToken(providerId, call(client.jar.header()!)).then(
      (value) => (value === null ? "null" : "token"),
      (error: { type?: string }) => error.type,
    );
    expect(outcome).toBe(expected);
    expect(idp.grantCount("refresh_token")).toBe(grants);
    expect(await adapter!.getAccount!("alice", "idp")).toEqual(stored);
  });
});
