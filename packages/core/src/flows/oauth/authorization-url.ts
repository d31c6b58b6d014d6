/**
 * Sign-in POST `/signin/{id}` of an OAuth/OIDC provider: builds the authorization URL and sets
 * the check cookies, then sends the user to the provider.
 */
import type { AuthorizationServer } from "oauth4webapi";
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import type { OAuth2Config } from "../../types";
import { createChecks } from "./checks";
import { oauthRuntime } from "./provider";
import { effectiveChecks, redirectProxyOf, redirectUri } from "./redirect-proxy";
import { authorizationServer } from "./server";

/** The OpenID Connect scope when the provider names none. */
export const DEFAULT_OIDC_SCOPE = "openid profile email";

/**
 * Parameters the sign-in POST's query may not override: they bind the response to this client
 * and to this browser's check cookies, so letting a query change them would only break the
 * callback (or weaken its protection).
 */
const PROTOCOL_PARAMS = new Set([
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
]);

/**
 * The authorization URL of a sign-in and the check cookies to set. Parameters, later ones
 * winning: those already in the endpoint URL; the provider's `authorization.params`;
 * `response_type=code`, `client_id`, `redirect_uri`; `scope` (OIDC default
 * `openid profile email`) when still unset; the sign-in POST's own query (what a client's
 * `signIn(provider, options, authorizationParams)` sends), except the protocol parameters; then
 * the check parameters (`code_challenge`, `state`, `nonce`).
 *
 * @param config - The provider configuration.
 * @param server - Its authorization server metadata.
 * @param req - The sign-in request.
 * @param ctx - The action context.
 * @returns The URL and the cookies.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1
 * @example
 * ```ts
 * const { url, cookies } = await authorizationUrl(config, as, req, ctx)
 * ```
 */
export async function authorizationUrl(
  config: OAuth2Config,
  server: AuthorizationServer,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<{ url: string; cookies: AuthResult["cookies"] }> {
  const { provider, client } = oauthRuntime(config);
  const proxy = redirectProxyOf(provider, ctx);
  const url = new URL(server.authorization_endpoint!);
  const params = url.searchParams;
  for (const [key, value] of Object.entries(provider.authorization?.params ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  params.set("response_type", "code");
  params.set("client_id", client.client_id);
  params.set("redirect_uri", redirectUri(provider.id, proxy, ctx));
  if (provider.type === "oidc" && !params.has("scope")) params.set("scope", DEFAULT_OIDC_SCOPE);
  for (const [key, value] of Object.entries(req.query)) {
    if (!PROTOCOL_PARAMS.has(key)) params.set(key, value);
  }
  const checks = await createChecks(
    effectiveChecks(provider.checks, proxy),
    provider.id,
    // Behind a proxy the state carries this app's own callback URL, where the proxy forwards the
    // answer (and where the check cookies live). Auth.js seals the same value, so a Portcullis
    // app and an Auth.js proxy (or the reverse) work together.
    {
      origin: proxy ? redirectUri(provider.id, undefined, ctx) : undefined,
      formPost: params.get("response_mode") === "form_post",
    },
    ctx,
  );
  for (const [key, value] of Object.entries(checks.params)) params.set(key, value);
  return { url: url.href, cookies: checks.cookies };
}

/**
 * The sign-in POST of an OAuth/OIDC provider (CSRF already checked by the action): discovers
 * the provider when needed, remembers the callbackUrl in its cookie, and redirects to the
 * authorization URL with the check cookies set.
 *
 * @param req - The sign-in request.
 * @param ctx - The action context; `ctx.provider` is the OAuth/OIDC provider.
 * @returns A redirect to the provider.
 * @throws {OAuthSignInError} When discovery fails.
 * @throws {InvalidEndpoints | InvalidConfiguration} When the provider is misconfigured.
 * @see WIRE.md, "Actions" (signin/{id})
 * @example
 * ```ts
 * const result = await oauthSignIn(req, ctx)
 * ```
 */
export async function oauthSignIn(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const config = ctx.provider as OAuth2Config;
  const server = await authorizationServer(oauthRuntime(config), "signIn", ctx.now, ctx.config.timeouts.http);
  await ctx.callbackUrl();
  const { url, cookies } = await authorizationUrl(config, server, req, ctx);
  return { redirect: url, cookies };
}
