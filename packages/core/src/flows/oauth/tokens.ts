/**
 * The token request of a callback: the authorization code exchanged for tokens (RFC 6749 4.1.3)
 * with the PKCE verifier and the configured client authentication, and, for OpenID Connect, the
 * ID token checked (issuer, audience, expiry, nonce, and its signature against the provider's
 * JWKS; for a Microsoft multi-tenant authority, the issuer and JWKS of the user's tenant).
 */

import { compactVerify } from "jose";
import {
  type AuthorizationServer,
  authorizationCodeGrantRequest,
  type Client,
  clockSkew,
  expectNoNonce,
  getValidatedIdTokenClaims,
  type IDToken,
  nopkce,
  OperationProcessingError,
  processAuthorizationCodeResponse,
  type TokenEndpointResponse,
  validateApplicationLevelSignature,
} from "oauth4webapi";
import type { ActionContext } from "../../context";
import { base64urlDecode } from "../../crypto/primitives";
import { withDeadline } from "../../deadline";
import { InvalidCheck } from "../../errors";
import type { InternalOAuthProvider, TokenSet } from "../../types";
import type { CheckValues } from "./checks";
import { providerFailure, quoted, talkTo } from "./failure";
import type { OAuthRuntime } from "./provider";
import { requestOptions } from "./transport";

/** What the token request yields. */
export interface ExchangedTokens {
  /** The token endpoint response, with `expires_at` (seconds) computed from `expires_in`. */
  tokens: TokenSet;
  /** The checked claims of the ID token, when there was one. */
  claims?: IDToken;
}

/**
 * The client metadata for this request. oauth4webapi checks token times against the system
 * clock; shifting it by the configuration's clock (`now`) keeps every check on one clock.
 *
 * @param client - The provider's client metadata.
 * @param ctx - The action context (its `now`).
 * @returns The client, with a clock skew when the configuration's clock is not the system's.
 * @example
 * ```ts
 * await processRefreshTokenResponse(server, clientAt(runtime.client, ctx), response)
 * ```
 */
export function clientAt(client: Client, ctx: Pick<ActionContext, "now">): Client {
  const skew = Math.round((ctx.now - Date.now()) / 1000);
  return skew === 0 ? client : { ...client, [clockSkew]: skew };
}

/**
 * The longest token lifetime taken from a provider, in seconds (ten years). A larger
 * `expires_in` is not a lifetime but a broken or hostile answer: believing it would keep a dead
 * token in use, so the answer is refused.
 */
const MAX_EXPIRES_IN = 10 * 365 * 24 * 60 * 60;

/**
 * Whether a token answer's `expires_in` is a lifetime a token can have: absent, or a finite
 * number of seconds from zero to ten years.
 *
 * @param expiresIn - The answer's `expires_in`.
 * @returns False for a negative, non-finite or larger value.
 * @example
 * ```ts
 * isBelievableLifetime(3600) // true
 * isBelievableLifetime(1e300) // false
 * ```
 */
export function isBelievableLifetime(expiresIn: number | undefined): boolean {
  return (
    expiresIn === undefined || (Number.isFinite(expiresIn) && expiresIn >= 0 && expiresIn <= MAX_EXPIRES_IN)
  );
}

/**
 * The token set of a token answer, with `expires_at` computed from `expires_in` in whole seconds
 * on the configuration's clock.
 *
 * @param result - The checked token answer.
 * @param ctx - The action context (its `now`).
 * @returns A copy of the answer with `expires_at` when it has an `expires_in`.
 * @example
 * ```ts
 * withExpiry({ access_token: "at", token_type: "bearer", expires_in: 3599.5 }, ctx).expires_at // now + 3599
 * ```
 */
export function withExpiry(result: TokenEndpointResponse, ctx: Pick<ActionContext, "now">): TokenSet {
  const tokens: TokenSet = { ...result } as TokenSet;
  if (typeof result.expires_in === "number")
    tokens.expires_at = Math.floor(ctx.now / 1000) + Math.floor(result.expires_in);
  return tokens;
}

function isNonceMismatch(error: unknown): boolean {
  const cause = error instanceof OperationProcessingError ? (error.cause as { claim?: unknown }) : undefined;
  return cause?.claim === "nonce";
}

/** The response of a custom `token.request`, as oauth4webapi would receive it from the endpoint. */
function asTokenResponse(tokens: TokenSet): Response {
  return Response.json({ token_type: "bearer", ...tokens });
}

async function tokenResponse(
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  provider: InternalOAuthProvider,
  params: URLSearchParams,
  checks: CheckValues,
  ctx: ActionContext,
): Promise<Response> {
  const { id } = provider;
  if (provider.token?.request) {
    const request = provider.token.request;
    // A custom request gets no signal from us, so the deadline is all that bounds it.
    const tokens = await talkTo("callback", id, "custom token request", async () =>
      withDeadline(
        request({ provider, params, checks: { code_verifier: checks.codeVerifier, nonce: checks.nonce } }),
        ctx.config.timeouts.http,
        "The custom token request",
      ),
    );
    return asTokenResponse(tokens);
  }
  const endpoint = server.token_endpoint!;
  const response = await talkTo("callback", id, `token request to ${endpoint}`, () =>
    authorizationCodeGrantRequest(
      server,
      clientAt(runtime.client, ctx),
      runtime.clientAuth,
      params,
      String(provider.callbackUrl),
      checks.codeVerifier ?? nopkce,
      requestOptions(endpoint, ctx.config.timeouts.http, runtime.fetch),
    ),
  );
  const conform = runtime.conform.token;
  if (!conform) return response;
  return (
    (await talkTo("callback", id, "token response conform hook", async () => conform(response.clone()))) ??
    response
  );
}

/**
 * The metadata an answer's ID token is checked against (issuer and keys): the provider's, or for a
 * Microsoft multi-tenant authority those of the tenant the token names.
 *
 * @param runtime - The provider's runtime.
 * @param server - The provider's metadata.
 * @param response - The token endpoint's answer (read through a clone).
 * @param ctx - The clock and configuration.
 * @returns The metadata to process the answer with.
 * @throws When the tenant cannot be read or discovered (see `microsoft-tenants.ts`).
 * @example
 * ```ts
 * const issuerMetadata = await idTokenIssuer(runtime, server, response, ctx)
 * ```
 */
export async function idTokenIssuer(
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  response: Response,
  ctx: Pick<ActionContext, "now" | "config">,
): Promise<AuthorizationServer> {
  return (await runtime.tenants?.idTokenServer(runtime, server, response, "callback", ctx)) ?? server;
}

/**
 * Exchanges the authorization code of a verified callback for tokens. A custom `token.request`
 * replaces the built-in request; its result goes through the same checks.
 *
 * @param runtime - The normalised provider.
 * @param server - Its authorization server metadata.
 * @param provider - The provider view of this request (with `callbackUrl`, the redirect URI).
 * @param params - The validated callback parameters (with `code`).
 * @param checks - The verified PKCE verifier and nonce.
 * @param ctx - The action context.
 * @returns The tokens and the ID token claims.
 * @throws {InvalidCheck} When the ID token's nonce is not the one of the nonce cookie.
 * @throws {CallbackRouteError} When the request fails, the provider answers with an error, or
 * the response or its ID token does not check out (naming the provider and endpoint only).
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 * @example
 * ```ts
 * const { tokens, claims } = await exchangeCode(runtime, as, view, params, checks, ctx)
 * ```
 */
export async function exchangeCode(
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  provider: InternalOAuthProvider,
  params: URLSearchParams,
  checks: CheckValues,
  ctx: ActionContext,
): Promise<ExchangedTokens> {
  const response = await tokenResponse(runtime, server, provider, params, checks, ctx);
  const issuerMetadata = await idTokenIssuer(runtime, server, response, ctx);
  const what = provider.token?.request ? "custom token request" : `token request to ${server.token_endpoint}`;
  const result = await talkTo("callback", provider.id, what, async () => {
    let answer: TokenEndpointResponse;
    try {
      answer = await processAuthorizationCodeResponse(
        issuerMetadata,
        clientAt(runtime.client, ctx),
        response,
        {
          expectedNonce: checks.nonce ?? expectNoNonce,
          requireIdToken: provider.type === "oidc",
        },
      );
    } catch (error) {
      if (isNonceMismatch(error))
        throw new InvalidCheck("The ID token's nonce does not match the nonce cookie.");
      throw error;
    }
    if (!isBelievableLifetime(answer.expires_in))
      throw new Error("the answer's expires_in is not a believable lifetime");
    return answer;
  });
  const claims = getValidatedIdTokenClaims(result);
  if (claims) await checkIdTokenSignature(result.id_token!, runtime, issuerMetadata, response, ctx);
  return { tokens: withExpiry(result, ctx), claims };
}

/** The HMAC algorithms an ID token may be signed with, keyed with the client secret. */
const HMAC_ALGORITHMS = ["HS256", "HS384", "HS512"];

/**
 * Whether a JWS algorithm is an HMAC one: a token signed with it is checked with the client
 * secret, any other with the provider's key set.
 *
 * @param alg - The `alg` of a token's header.
 * @returns True for HS256, HS384 and HS512.
 * @example
 * ```ts
 * isHmacAlgorithm("HS256") // true
 * ```
 */
export function isHmacAlgorithm(alg: string): boolean {
  return HMAC_ALGORITHMS.includes(alg);
}

/**
 * The algorithms the provider's ID tokens may be signed with, and so its logout tokens, which are
 * checked like ID tokens (Back-Channel Logout 1.0, 2.6): the client's
 * `id_token_signed_response_alg` when set, else the discovery document's
 * `id_token_signing_alg_values_supported`, else RS256; oauth4webapi picks the same way. `none` is
 * never among them: it signs nothing, and a listed `none` must not let an unsigned token in.
 *
 * @param client - The provider's client metadata.
 * @param server - The metadata the token is checked against.
 * @returns The accepted `alg` values; empty when the provider lists nothing but `none`.
 * @example
 * ```ts
 * idTokenAlgorithms({ client_id: "rp" }, { issuer: "https://id.example", id_token_signing_alg_values_supported: ["ES256", "none"] }) // ["ES256"]
 * ```
 */
export function idTokenAlgorithms(client: Client, server: AuthorizationServer): string[] {
  const listed = server.id_token_signing_alg_values_supported;
  const algorithms =
    client.id_token_signed_response_alg !== undefined
      ? [client.id_token_signed_response_alg]
      : Array.isArray(listed)
        ? listed
        : ["RS256"];
  return algorithms.filter((alg) => alg !== "none");
}

/**
 * Checks the signature of the ID token in a token answer that oauth4webapi has processed, which
 * checked its claims and that its algorithm is one the provider announced, but not the signature
 * itself. Over TLS the token endpoint is authenticated anyway; a verified signature is defence in
 * depth against a compromised or misrouted one. The algorithm must be one of
 * {@link idTokenAlgorithms}; an HMAC-signed token is checked with the client secret (and refused
 * without one), any other with the provider's key set, when it has one.
 *
 * @param idToken - The answer's `id_token`.
 * @param runtime - The provider's runtime.
 * @param server - The metadata the answer was processed with (a tenant's, see {@link idTokenIssuer}).
 * @param response - The processed answer.
 * @param ctx - The clock and configuration.
 * @throws {CallbackRouteError} When the algorithm is not accepted or the signature does not check out.
 * @throws {OAuthProviderUnavailable} When the key set cannot be fetched.
 * @example
 * ```ts
 * await checkIdTokenSignature(answer.id_token, runtime, issuerMetadata, response, ctx)
 * ```
 */
export async function checkIdTokenSignature(
  idToken: string,
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  response: Response,
  ctx: Pick<ActionContext, "config">,
): Promise<void> {
  const { id, clientSecret } = runtime.provider;
  const alg = headerAlg(idToken) ?? "";
  if (!idTokenAlgorithms(runtime.client, server).includes(alg))
    throw providerFailure(
      "callback",
      id,
      "ID token algorithm check",
      new Error(`${quoted(alg)} is not an algorithm the provider signs ID tokens with`),
    );
  if (isHmacAlgorithm(alg)) {
    await talkTo("callback", id, "ID token signature check with the client secret", async () => {
      if (!clientSecret) throw new Error("an HMAC-signed ID token cannot be checked without a client secret");
      await compactVerify(idToken, new TextEncoder().encode(clientSecret), { algorithms: [alg] });
    });
    return;
  }
  if (!server.jwks_uri) return;
  await talkTo("callback", id, `ID token signature check against ${server.jwks_uri}`, () =>
    validateApplicationLevelSignature(
      server,
      response,
      requestOptions(server.jwks_uri!, ctx.config.timeouts.http, runtime.fetch),
    ),
  );
}

/** The `alg` of a JWT's header; undefined when it has none or the header is not JSON. */
function headerAlg(jwt: string): string | undefined {
  try {
    const header = JSON.parse(new TextDecoder().decode(base64urlDecode(jwt.split(".")[0]!))) as {
      alg?: unknown;
    };
    return typeof header.alg === "string" ? header.alg : undefined;
  } catch {
    return undefined;
  }
}
