/**
 * The logout token of OpenID Connect Back-Channel Logout 1.0, verified: a JWT signed by the
 * provider in an algorithm its ID tokens may have (see `idTokenAlgorithms`), with the key set of
 * its `jwks_uri` (or, for an HMAC algorithm, the client secret), `iss` the provider's issuer,
 * `aud` naming this client, a recent `iat`, a `jti`, the back-channel logout event, no `nonce` (so
 * an ID token cannot pass for one), and a `sub` and/or `sid`. Anything else is refused with the
 * reason, for the 400 answer.
 */
import {
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  customFetch as joseCustomFetch,
  jwtVerify,
} from "jose";
import type { ActionContext } from "../../context";
import type { OAuth2Config } from "../../types";
import { boundedFetch } from "./bounded-fetch";
import { type OAuthRuntime, oauthRuntime } from "./provider";
import { authorizationServer } from "./server";
import { idTokenAlgorithms, isHmacAlgorithm } from "./tokens";
import { assertSecureEndpoint } from "./transport";

/** The event a logout token must carry. */
export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";

/** How old a logout token may be by default, in seconds. */
export const DEFAULT_MAX_TOKEN_AGE = 300;

/** The clock difference tolerated between the provider and this server, in seconds. */
export const CLOCK_TOLERANCE = 30;

/**
 * How old a logout token of `provider` may be, in seconds: its `logout.maxTokenAge` when that is a
 * positive number, else {@link DEFAULT_MAX_TOKEN_AGE}.
 *
 * @param provider The provider.
 * @returns The age in seconds.
 * @example
 * ```ts
 * maxTokenAge({ ...provider, logout: { maxTokenAge: 120 } }) // 120
 * ```
 */
export function maxTokenAge(provider: OAuth2Config): number {
  const age = provider.logout?.maxTokenAge;
  return typeof age === "number" && Number.isFinite(age) && age > 0 ? age : DEFAULT_MAX_TOKEN_AGE;
}

/** A logout token that does not check out; the message says why (it is sent to the provider). */
export class LogoutTokenRefused extends Error {}

/** What a verified logout token says. */
export interface LogoutClaims {
  /** The provider's subject: the account's `providerAccountId`. */
  sub?: string;
  /** The provider's session id. */
  sid?: string;
  jti: string;
  iat: number;
}

/** One remote key set per provider runtime and key set URL: jose caches the keys inside it. */
const keySets = new WeakMap<OAuthRuntime, { uri: string; keys: JWTVerifyGetKey }>();

function keySetOf(runtime: OAuthRuntime, uri: string, timeoutMs: number): JWTVerifyGetKey {
  const known = keySets.get(runtime);
  if (known?.uri === uri) return known.keys;
  const url = new URL(uri);
  assertSecureEndpoint(url, runtime.provider.id, "jwks_uri");
  const options: Parameters<typeof createRemoteJWKSet>[1] = {
    timeoutDuration: Number.isFinite(timeoutMs) ? timeoutMs : undefined,
  };
  options[joseCustomFetch] = boundedFetch(runtime.fetch) as never;
  const keys = createRemoteJWKSet(url, options);
  keySets.set(runtime, { uri, keys });
  return keys;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The checks of the claims jose leaves to the caller. */
function logoutClaims(payload: JWTPayload): LogoutClaims {
  const { events, sub, sid, jti, iat } = payload;
  if (!isObject(events) || !isObject(events[BACKCHANNEL_LOGOUT_EVENT]))
    throw new LogoutTokenRefused("The token carries no back-channel logout event.");
  if ("nonce" in payload) throw new LogoutTokenRefused("A logout token must not carry a nonce.");
  if (!nonEmptyString(jti)) throw new LogoutTokenRefused("The token has no jti.");
  if (sub !== undefined && !nonEmptyString(sub)) throw new LogoutTokenRefused("The token's sub is invalid.");
  if (sid !== undefined && !nonEmptyString(sid)) throw new LogoutTokenRefused("The token's sid is invalid.");
  if (sub === undefined && sid === undefined)
    throw new LogoutTokenRefused("The token names neither a sub nor a sid.");
  const claims: LogoutClaims = { jti, iat: iat as number };
  if (sub !== undefined) claims.sub = sub;
  if (sid !== undefined) claims.sid = sid;
  return claims;
}

/**
 * Verifies a logout token sent by `provider`.
 *
 * @param token The `logout_token` form field.
 * @param provider The OpenID Connect provider it claims to come from.
 * @param ctx The context (clock, time-outs).
 * @returns The token's claims.
 * @throws {LogoutTokenRefused} When the token is not a valid logout token of this provider.
 * @throws What discovery or the key set fetch throws (the provider could not be asked).
 * @see https://openid.net/specs/openid-connect-backchannel-1_0.html#Validation
 * @example
 * ```ts
 * const { sub, sid } = await verifyLogoutToken(body.logout_token, provider, ctx)
 * ```
 */
export async function verifyLogoutToken(
  token: string,
  provider: OAuth2Config,
  ctx: ActionContext,
): Promise<LogoutClaims> {
  const runtime = oauthRuntime(provider);
  const server = await authorizationServer(runtime, "callback", ctx.now, ctx.config.timeouts.http);
  // Signed as the provider's ID tokens are: jose refuses any other algorithm before asking for a key.
  const key: JWTVerifyGetKey = (header, jws) => {
    if (isHmacAlgorithm(header.alg ?? "")) {
      if (!provider.clientSecret) throw new LogoutTokenRefused("HMAC-signed tokens need a client secret.");
      return new TextEncoder().encode(provider.clientSecret);
    }
    if (!server.jwks_uri) throw new LogoutTokenRefused("The provider has no jwks_uri to verify tokens with.");
    return keySetOf(runtime, server.jwks_uri, ctx.config.timeouts.http)(header, jws);
  };
  const maxAge = maxTokenAge(provider);
  let verified: Awaited<ReturnType<typeof jwtVerify>>;
  try {
    verified = await jwtVerify(token, key, {
      algorithms: idTokenAlgorithms(runtime.client, server),
      issuer: server.issuer,
      audience: runtime.client.client_id,
      maxTokenAge: maxAge,
      clockTolerance: CLOCK_TOLERANCE,
      currentDate: new Date(ctx.now),
      requiredClaims: ["iat"],
    });
  } catch (error) {
    if (isTokenProblem(error))
      throw new LogoutTokenRefused(`The token does not verify: ${(error as Error).message}`);
    throw error;
  }
  const typ = verified.protectedHeader.typ?.toLowerCase();
  if (typ !== undefined && typ !== "logout+jwt" && typ !== "application/logout+jwt")
    throw new LogoutTokenRefused("The token's typ is not logout+jwt.");
  return logoutClaims(verified.payload);
}

/** jose's error codes about the token itself, as opposed to fetching the keys (the provider's trouble). */
const TOKEN_PROBLEMS = new Set([
  "ERR_JWT_CLAIM_VALIDATION_FAILED",
  "ERR_JWT_EXPIRED",
  "ERR_JWT_INVALID",
  "ERR_JWS_INVALID",
  "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
  "ERR_JOSE_ALG_NOT_ALLOWED",
  "ERR_JOSE_NOT_SUPPORTED",
  "ERR_JWKS_NO_MATCHING_KEY",
  "ERR_JWKS_MULTIPLE_MATCHING_KEYS",
]);

function isTokenProblem(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && TOKEN_PROBLEMS.has(code);
}
