/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): once the local session has ended,
 * the browser is sent to the identity provider's end-session endpoint, so the provider's session
 * ends too and the next sign-in asks for the password again. The provider sends the browser back
 * to `post_logout_redirect_uri` (by default this app's `{basePath}/signout/{provider}`), with the
 * sign-out's callbackUrl in `state`; that landing passes it through the `redirect` callback again.
 *
 * A federated sign-out never fails because of the provider: without an end-session endpoint, or
 * when discovery fails (logged), the sign-out is local, as a plain one.
 */
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import { base64urlDecode, base64urlEncode } from "../../crypto/primitives";
import { SignOutError } from "../../errors";
import { checkedRedirect } from "../../http/callback-url";
import { canonicalCallbackUrl } from "../../http/callback-url-syntax";
import type { IdpSession } from "../../session/idp";
import type { OAuth2Config, ProviderConfig } from "../../types";
import { oauthRuntime } from "./provider";
import { authorizationServer } from "./server";
import { assertSecureEndpoint } from "./transport";

/** The provider as an OAuth/OIDC configuration, or undefined for any other kind. */
function oauthProvider(provider: ProviderConfig | undefined): OAuth2Config | undefined {
  return provider?.type === "oauth" || provider?.type === "oidc" ? (provider as OAuth2Config) : undefined;
}

/**
 * Whether a sign-out of a session signed in with `idp` goes to the provider: what the sign-out
 * asked (`federated`), else the provider's `logout.federated`.
 *
 * @param idp The session's provider link, or null.
 * @param asked The sign-out's `federated`, when it said.
 * @param ctx The context.
 * @returns True for a federated sign-out.
 * @example
 * ```ts
 * if (wantsFederated(idp, undefined, ctx)) redirect = await endSessionUrl(idp, callbackUrl, ctx)
 * ```
 */
export function wantsFederated(
  idp: IdpSession | null,
  asked: boolean | undefined,
  ctx: ActionContext,
): boolean {
  if (!idp) return false;
  return asked ?? oauthProvider(ctx.config.providerById.get(idp.provider))?.logout?.federated === true;
}

/**
 * The `post_logout_redirect_uri` of a provider: its `logout.postLogoutRedirectUri`, else this
 * app's landing `{origin}{basePath}/signout/{id}`.
 *
 * @param provider The provider.
 * @param ctx The context.
 * @returns The absolute URI.
 * @example
 * ```ts
 * postLogoutRedirectUri(provider, ctx) // "https://app.example/auth/signout/keycloak"
 * ```
 */
export function postLogoutRedirectUri(provider: OAuth2Config, ctx: ActionContext): string {
  return (
    provider.logout?.postLogoutRedirectUri ?? `${ctx.actionUrl}/signout/${encodeURIComponent(provider.id)}`
  );
}

/**
 * The provider's end-session URL for this sign-out, or undefined when there is none to go to (the
 * provider is gone from the configuration, names no end-session endpoint, or cannot be reached:
 * logged). Carries `id_token_hint` when the session kept the ID token, `client_id`,
 * `post_logout_redirect_uri`, and the callbackUrl in `state`.
 *
 * @param idp The ended session's provider link.
 * @param callbackUrl Where the user goes in the end, already checked by the `redirect` callback.
 * @param ctx The context.
 * @returns The URL to send the browser to, or undefined for a local sign-out.
 * @example
 * ```ts
 * const url = (await endSessionUrl(idp, callbackUrl, ctx)) ?? callbackUrl
 * ```
 */
export async function endSessionUrl(
  idp: IdpSession,
  callbackUrl: string,
  ctx: ActionContext,
): Promise<string | undefined> {
  const provider = oauthProvider(ctx.config.providerById.get(idp.provider));
  if (!provider) return undefined;
  let endpoint: URL;
  let clientId: string;
  try {
    const runtime = oauthRuntime(provider);
    clientId = runtime.client.client_id;
    const configured = provider.logout?.endSessionEndpoint;
    const found =
      configured ??
      (await authorizationServer(runtime, "signIn", ctx.now, ctx.config.timeouts.http)).end_session_endpoint;
    if (typeof found !== "string" || found === "") return undefined;
    endpoint = new URL(found);
    assertSecureEndpoint(endpoint, provider.id, "end-session endpoint");
  } catch (error) {
    // The user asked to sign out and is signed out here; the provider's session stays, and the
    // log says why, so a broken discovery cannot trap anyone in a session.
    ctx.config.logger.error(
      new SignOutError(
        `OAuth provider "${provider.id}": the sign-out stayed local; the provider's end-session endpoint could not be found.`,
        { cause: error },
      ),
    );
    return undefined;
  }
  const { searchParams } = endpoint;
  if (idp.idToken !== undefined) searchParams.set("id_token_hint", idp.idToken);
  searchParams.set("client_id", clientId);
  searchParams.set("post_logout_redirect_uri", postLogoutRedirectUri(provider, ctx));
  searchParams.set("state", base64urlEncode(callbackUrl));
  return endpoint.href;
}

/** The callbackUrl a `state` carries, when it is one (syntax only: the redirect callback decides). */
function callbackUrlOf(state: unknown, origin: string): string | undefined {
  if (typeof state !== "string" || state === "" || state.length > 8192) return undefined;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(base64urlDecode(state));
  } catch {
    return undefined;
  }
  if (text === origin) return text;
  return canonicalCallbackUrl(text, origin)?.url;
}

/**
 * The landing after the provider's logout, `GET {basePath}/signout/{provider}`: on to the
 * callbackUrl in `state`, checked by the `redirect` callback as any callbackUrl; to the app's
 * origin when `state` is missing or not one (anyone can link here, so it proves nothing).
 *
 * @param req The request, with the provider's `state` in its query.
 * @param ctx The context.
 * @returns The redirect.
 * @throws InvalidCallbackUrl when the `redirect` callback answers something that is not a URL.
 * @example
 * ```ts
 * const { redirect } = await afterProviderLogout(req, ctx)
 * ```
 */
export async function afterProviderLogout(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const url = callbackUrlOf(req.query.state, ctx.origin);
  return { redirect: url === undefined ? ctx.origin : await checkedRedirect(url, ctx) };
}
