/**
 * The refresh-token grant (RFC 6749 section 6): a new access token for a refresh token, through
 * the provider's transport as every other request to it (discovered metadata, client
 * authentication, its own fetch, the `timeouts.http` deadline, the token `conform` hook). An ID
 * token in the answer is checked as the sign-in's is, and must be about the same account
 * (OpenID Connect Core 1.0, 12.2).
 *
 * @module
 */
import { decodeJwt } from "jose";
import {
  getValidatedIdTokenClaims,
  type IDToken,
  processRefreshTokenResponse,
  ResponseBodyError,
  refreshTokenGrantRequest,
  type TokenEndpointResponse,
} from "oauth4webapi";
import type { ActionContext } from "../../context";
import { OAuthProviderUnavailable, RefreshTokenError } from "../../errors";
import type { TokenSet } from "../../types";
import { describeFailure, isProviderUnavailable } from "./failure";
import type { OAuthRuntime } from "./provider";
import { authorizationServer } from "./server";
import { checkIdTokenSignature, clientAt, idTokenIssuer, isBelievableLifetime, withExpiry } from "./tokens";
import { requestOptions } from "./transport";

/** What a failed refresh request becomes: an outage (try again later) or a refusal (sign in again). */
function refreshFailure(providerId: string, endpoint: string, error: unknown): Error {
  if (error instanceof RefreshTokenError || error instanceof OAuthProviderUnavailable) return error;
  const detail = describeFailure(error);
  const message = `OAuth provider "${providerId}": the refresh token request to ${endpoint} failed: ${detail}`;
  // The response, which may hold tokens, is never kept: only the description of what went wrong.
  const cause = new Error(detail);
  if (isProviderUnavailable(error)) return new OAuthProviderUnavailable(message, { cause });
  if (error instanceof ResponseBodyError)
    return new RefreshTokenError(message, {
      cause,
      reason: error.error === "invalid_grant" ? "invalid_grant" : "provider_error",
    });
  return new RefreshTokenError(message, { cause, reason: "invalid_response" });
}

/** Refuses a token response that cannot be used as a bearer token with a believable lifetime. */
function checked(result: TokenEndpointResponse, providerId: string): TokenEndpointResponse {
  const refuse = (what: string) =>
    new RefreshTokenError(`OAuth provider "${providerId}" answered the refresh with ${what}.`, {
      reason: "invalid_response",
    });
  // oauth4webapi lowercases it; a DPoP-bound or unknown token type cannot be sent as Bearer.
  if (result.token_type !== "bearer")
    throw refuse(`token_type "${String(result.token_type).slice(0, 40)}", not bearer`);
  if (!isBelievableLifetime(result.expires_in))
    throw refuse("an expires_in that is not a believable lifetime");
  if (
    result.refresh_token !== undefined &&
    (typeof result.refresh_token !== "string" || result.refresh_token === "")
  )
    throw refuse("a refresh_token that is not a string");
  return result;
}

/** The account whose tokens a refresh renews: whom an ID token in the answer must be about. */
export interface RefreshedAccount {
  /** The account's id at the provider: the `sub` of its ID tokens unless a kept one says otherwise. */
  providerAccountId: string;
  /** The ID token kept from the sign-in or the last refresh, if any: a new one has its `sub` and `iss`. */
  idToken?: unknown;
}

/** The `sub` and `iss` of the kept ID token; empty when none was kept or it cannot be read. */
function keptClaims(idToken: unknown): { sub?: unknown; iss?: unknown } {
  if (typeof idToken !== "string") return {};
  try {
    // Read, not verified: it was checked when it was stored, and the store is ours.
    return decodeJwt(idToken);
  } catch {
    return {};
  }
}

/**
 * Refuses a refreshed ID token about anyone but the account (OpenID Connect Core 1.0, 12.2: the
 * same `sub`, and the same `iss` as the original). The provider's issuer is checked already; this
 * also holds a Microsoft multi-tenant token to the tenant of the kept one. The subject is the kept
 * token's when there is one (a custom `profile` may have made the account id from another claim),
 * else the account id.
 */
function assertSameAccount(claims: IDToken, account: RefreshedAccount, providerId: string): void {
  const refuse = (what: string) =>
    new RefreshTokenError(
      `OAuth provider "${providerId}" answered the refresh with an ID token about ${what} than the account's.`,
      { reason: "invalid_response" },
    );
  const kept = keptClaims(account.idToken);
  const subject = typeof kept.sub === "string" ? kept.sub : account.providerAccountId;
  if (claims.sub !== subject) throw refuse("another subject");
  if (typeof kept.iss === "string" && claims.iss !== kept.iss) throw refuse("another issuer");
}

/**
 * Exchanges a refresh token for a new token set at the provider's token endpoint. An ID token in
 * the answer is checked as at sign-in (signature, issuer, audience, expiry) and must name the
 * account's subject (and the kept ID token's issuer).
 *
 * @param runtime - The normalised provider.
 * @param refreshToken - The stored refresh token.
 * @param account - The account the tokens belong to.
 * @param ctx - The action context (clock, time-outs).
 * @returns The provider's answer, with `expires_at` (seconds) computed from `expires_in` on the
 * configuration's clock; `refresh_token` only when the provider rotated it.
 * @throws {OAuthProviderUnavailable} When the provider cannot be reached, does not answer in time,
 * or answers 5xx: nothing is wrong with the refresh token, try again later.
 * @throws {RefreshTokenError} When the provider refuses the refresh token (`invalid_grant`),
 * answers another OAuth error, or answers something that is not a usable bearer token response
 * (an ID token that does not check out, or is about another account, included).
 * @example
 * ```ts
 * const tokens = await refreshGrant(oauthRuntime(provider), account.refresh_token, { providerAccountId: "alice" }, ctx)
 * ```
 */
export async function refreshGrant(
  runtime: OAuthRuntime,
  refreshToken: string,
  account: RefreshedAccount,
  ctx: ActionContext,
): Promise<TokenSet> {
  const { id } = runtime.provider;
  const timeout = ctx.config.timeouts.http;
  const server = await authorizationServer(runtime, "callback", ctx.now, timeout);
  const endpoint = server.token_endpoint;
  if (!endpoint)
    throw new RefreshTokenError(
      `OAuth provider "${id}" uses a custom token request; its tokens cannot be refreshed by Portcullis.`,
      { reason: "provider_error" },
    );
  const client = clientAt(runtime.client, ctx);
  let result: TokenEndpointResponse;
  try {
    let response = await refreshTokenGrantRequest(
      server,
      client,
      runtime.clientAuth,
      refreshToken,
      requestOptions(endpoint, timeout, runtime.fetch),
    );
    const conform = runtime.conform.token;
    if (conform) response = (await conform(response.clone())) ?? response;
    // A refreshed ID token names its tenant as the first one did (Microsoft multi-tenant).
    const issuerMetadata = await idTokenIssuer(runtime, server, response, ctx);
    result = checked(await processRefreshTokenResponse(issuerMetadata, client, response), id);
    const claims = getValidatedIdTokenClaims(result);
    if (claims) {
      await checkIdTokenSignature(result.id_token!, runtime, issuerMetadata, response, ctx);
      assertSameAccount(claims, account, id);
    }
  } catch (error) {
    throw refreshFailure(id, endpoint, error);
  }
  return withExpiry(result, ctx);
}
