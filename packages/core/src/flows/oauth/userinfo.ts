/**
 * Where a callback's profile comes from: a custom `userinfo.request`; for OpenID Connect, the
 * checked ID token claims (or, with `idToken: false`, the userinfo endpoint's answer about the
 * ID token's subject); for plain OAuth 2, the userinfo endpoint (or ID token claims when the
 * provider has no userinfo endpoint but sent an ID token). A userinfo response next to a checked
 * ID token must be about the same subject (OpenID Connect Core 1.0, section 5.3.2).
 */
import {
  type AuthorizationServer,
  type IDToken,
  processUserInfoResponse,
  userInfoRequest,
} from "oauth4webapi";
import { discardBody } from "../../cancel-body";
import { withDeadline } from "../../deadline";
import { InvalidEndpoints, OAuthCallbackError } from "../../errors";
import type { InternalOAuthProvider, Profile, TokenSet } from "../../types";
import { ProviderAnswerNotJson, ProviderHttpError, talkTo } from "./failure";
import type { OAuthRuntime } from "./provider";
import { requestOptions } from "./transport";

/**
 * Refuses a userinfo response about another subject than the checked ID token. Without this, a
 * userinfo endpoint that answers for someone else (misrouted, compromised, or fed a swapped
 * access token) would sign the person in as that someone: the ID token's signature proves who
 * logged in; the userinfo response proves nothing by itself. The subjects are not logged.
 */
function sameSubject(providerId: string, body: Record<string, unknown>, claims: IDToken | undefined): void {
  if (claims === undefined || body.sub === claims.sub) return;
  throw new OAuthCallbackError(
    `OAuth provider "${providerId}": the userinfo response ${typeof body.sub === "string" ? "is about another subject than" : "has no sub to match"} the ID token; it is not used.`,
  );
}

async function userinfoEndpoint(
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  tokens: TokenSet,
  timeoutMs: number,
  claims: IDToken | undefined,
  oidc = false,
): Promise<Profile> {
  const { id } = runtime.provider;
  const endpoint = server.userinfo_endpoint!;
  return talkTo("callback", id, `userinfo request to ${endpoint}`, async () => {
    let response = await userInfoRequest(
      server,
      runtime.client,
      tokens.access_token ?? "",
      requestOptions(endpoint, timeoutMs, runtime.fetch),
    );
    if (runtime.conform.userinfo) response = (await runtime.conform.userinfo(response.clone())) ?? response;
    // OpenID Connect: the answer must be about the ID token's subject (OIDC Core 5.3.2), or a
    // token issued for another user could substitute their profile. oauth4webapi checks that,
    // and reads a signed (application/jwt) answer when the client asks for one.
    if (oidc && claims)
      return (await processUserInfoResponse(server, runtime.client, claims.sub, response)) as Profile;
    if (!response.ok) {
      discardBody(response);
      throw new ProviderHttpError(response.status);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ProviderAnswerNotJson("the response is not JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new ProviderAnswerNotJson("the response is not a JSON object");
    sameSubject(id, body as Record<string, unknown>, claims);
    return body as Profile;
  });
}

/**
 * The provider's profile of the signed-in user.
 *
 * @param runtime - The normalised provider.
 * @param server - Its authorization server metadata.
 * @param provider - The provider view of this request (what a custom request receives).
 * @param tokens - The tokens.
 * @param claims - The checked ID token claims, when there was an ID token.
 * @param timeoutMs - How long a userinfo request may take, in ms (`timeouts.http`).
 * @returns The profile.
 * @throws {CallbackRouteError} When the userinfo request fails (naming provider and endpoint).
 * @throws {OAuthCallbackError} When there is an ID token and the userinfo response's `sub` is
 * not the ID token's.
 * @throws {InvalidEndpoints} When a plain OAuth 2 provider has neither a userinfo endpoint nor
 * an ID token, or an OpenID Connect provider with `idToken: false` has no userinfo endpoint.
 * @example
 * ```ts
 * const profile = await loadProfile(runtime, as, view, tokens, claims, 10_000)
 * ```
 */
export async function loadProfile(
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  provider: InternalOAuthProvider,
  tokens: TokenSet,
  claims: IDToken | undefined,
  timeoutMs: number,
): Promise<Profile> {
  const custom = provider.userinfo?.request;
  if (custom) {
    return talkTo("callback", provider.id, "custom userinfo request", async () =>
      // A custom request gets no signal from us, so the deadline is all that bounds it.
      withDeadline(custom({ provider, tokens }), timeoutMs, "The custom userinfo request"),
    );
  }
  if (provider.type === "oidc" && claims) {
    // `idToken: false`: the ID token is still required and checked, but some providers
    // (Salesforce, Vipps, BankID) put few claims in it, so the profile comes from userinfo.
    if (provider.idToken !== false) return { ...claims };
    if (!server.userinfo_endpoint) {
      throw new InvalidEndpoints(
        `OpenID Connect provider "${provider.id}" has \`idToken: false\` but no userinfo endpoint: set \`userinfo\` or use discovery.`,
      );
    }
    return userinfoEndpoint(runtime, server, tokens, timeoutMs, claims, true);
  }
  if (server.userinfo_endpoint) return userinfoEndpoint(runtime, server, tokens, timeoutMs, claims);
  if (claims) return { ...claims };
  throw new InvalidEndpoints(
    `OAuth provider "${provider.id}" has no userinfo endpoint: set \`userinfo\` (a URL or a request function).`,
  );
}
