/**
 * Shared setup of the getAccessToken tests: a real OpenID Provider that issues rotating refresh
 * tokens, a provider configuration for it, a controllable clock, and sign-in through a
 * browser-like client.
 */

import {
  type AuthConfig,
  type AuthEngine,
  createAuth,
  type OAuth2Config,
  type ServerCall,
} from "@portcullis/core";
import OAuth from "@portcullis/core/providers/oauth";
import { startOpenIdProvider, type TestClient, type TestOpenIdProvider } from "@portcullis/testkit";
import { expect } from "vitest";
import {
  ALICE,
  BOB,
  browser,
  location,
  ORIGIN,
  oauthConfig,
  redirectUri,
  signInThrough,
} from "../oauth/helpers";

/** A client allowed the refresh_token grant, and one that is not (it never gets a refresh token). */
export const REFRESHING = { client_id: "refreshing-app", client_secret: "refreshing-secret" };
export const NOT_REFRESHING = { client_id: "plain-app", client_secret: "plain-secret" };

/** Starts an OpenID Provider that rotates refresh tokens, with alice and bob. */
export function startRefreshingIdp(options: { rotate?: boolean } = {}): Promise<TestOpenIdProvider> {
  const redirect_uris = [redirectUri("idp")];
  return startOpenIdProvider({
    clients: [
      { ...REFRESHING, redirect_uris, grant_types: ["authorization_code", "refresh_token"] },
      { ...NOT_REFRESHING, redirect_uris },
    ],
    accounts: [ALICE, BOB],
    refreshTokens: { rotate: options.rotate ?? true, accessTokenTtl: ACCESS_TOKEN_TTL },
  });
}

/** The provider configuration for the IdP, asking for offline access. */
export function refreshingProvider(
  idp: TestOpenIdProvider,
  overrides: Partial<OAuth2Config> = {},
): OAuth2Config {
  return OAuth({
    id: "idp",
    name: "Test IdP",
    type: "oidc",
    issuer: idp.issuer,
    clientId: REFRESHING.client_id,
    clientSecret: REFRESHING.client_secret,
    authorization: { params: { scope: "openid email profile offline_access", prompt: "consent" } },
    ...overrides,
  });
}

/** A clock for the app that can be moved forward; the provider keeps real time. */
export interface Clock {
  now: () => number;
  /** Moves the app's clock forward by `seconds`. */
  advance(seconds: number): void;
}

export function clock(): Clock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (seconds) => {
      offset += seconds * 1000;
    },
  };
}

/**
 * The provider's access token lifetime, in seconds: short, so that moving the app's clock past it
 * keeps the clocks close enough for the ID tokens (an hour) to stay valid on both.
 */
export const ACCESS_TOKEN_TTL = 90;

/** Seconds after which a token just issued is within the refresh margin (60 s). */
export const NEAR_EXPIRY = ACCESS_TOKEN_TTL - 45;

/** A configuration for the provider with the clock, recording logged errors. */
export function tokenConfig(
  provider: OAuth2Config,
  time: Clock,
  overrides: Partial<AuthConfig> = {},
): AuthConfig & { recorded: { errors: Error[] } } {
  return oauthConfig([provider], { now: time.now, ...overrides });
}

/** Signs alice in through the browser-like client; returns the client. */
export async function signedIn(
  config: AuthConfig,
  idp: TestOpenIdProvider,
  sub = "alice",
): Promise<TestClient> {
  const client = browser(config);
  expect(location(await signInThrough(client, idp, { sub })).pathname).toBe("/dashboard");
  return client;
}

/** The server call of a request the client would make now. */
export function callOf(client: TestClient): ServerCall {
  return { headers: { cookie: client.jar.header() ?? "" }, origin: ORIGIN };
}

/** The engine's getAccessToken for the client's current cookies. */
export function accessToken(engine: AuthEngine, client: TestClient, providerId = "idp") {
  return engine.getAccessToken(providerId, callOf(client));
}

/** The engine of a configuration. */
export const engineOf = (config: AuthConfig) => createAuth(config);

/** The HTTP status the provider's userinfo endpoint answers an access token with. */
export async function userinfoStatus(idp: TestOpenIdProvider, accessToken: string): Promise<number> {
  const response = await fetch(idp.endpoints.userinfo, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  await response.body?.cancel();
  return response.status;
}

/** Revokes a refresh token at the provider (RFC 7009), as a user revoking the app's access would. */
export async function revokeAtProvider(idp: TestOpenIdProvider, refreshToken: string): Promise<void> {
  const response = await fetch(`${idp.issuer}/token/revocation`, {
    method: "POST",
    headers: {
      authorization: `Basic ${btoa(`${REFRESHING.client_id}:${REFRESHING.client_secret}`)}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token" }),
  });
  expect(response.status).toBe(200);
}

export { ALICE, BOB };
