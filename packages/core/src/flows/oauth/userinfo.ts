/**
 * Where a callback's profile comes from: a custom `userinfo.request`; for OpenID Connect, the
 * checked ID token claims; for plain OAuth 2, the userinfo endpoint (or ID token claims when
 * the provider has no userinfo endpoint but sent an ID token).
 */
import { type AuthorizationServer, type IDToken, userInfoRequest } from "oauth4webapi";
import { withDeadline } from "../../deadline";
import { InvalidEndpoints } from "../../errors";
import type { InternalOAuthProvider, Profile, TokenSet } from "../../types";
import { talkTo } from "./failure";
import type { OAuthRuntime } from "./provider";
import { requestOptions } from "./transport";

async function userinfoEndpoint(
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  tokens: TokenSet,
  timeoutMs: number,
): Promise<Profile> {
  const { id } = runtime.provider;
  const endpoint = server.userinfo_endpoint!;
  return talkTo("callback", id, `userinfo request to ${endpoint}`, async () => {
    let response = await userInfoRequest(
      server,
      runtime.client,
      tokens.access_token ?? "",
      requestOptions(endpoint, timeoutMs),
    );
    if (runtime.conform.userinfo) response = (await runtime.conform.userinfo(response.clone())) ?? response;
    if (!response.ok) {
      await response.body?.cancel();
      throw new TypeError(`HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new TypeError("the response is not JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new TypeError("the response is not a JSON object");
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
 * @throws {InvalidEndpoints} When a plain OAuth 2 provider has neither a userinfo endpoint nor
 * an ID token.
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
  if (provider.type === "oidc" && claims) return { ...claims };
  if (server.userinfo_endpoint) return userinfoEndpoint(runtime, server, tokens, timeoutMs);
  if (claims) return { ...claims };
  throw new InvalidEndpoints(
    `OAuth provider "${provider.id}" has no userinfo endpoint: set \`userinfo\` (a URL or a request function).`,
  );
}
