/**
 * The redirect proxy: preview deployments, whose origins change, all register one stable
 * callback URL at the provider (`redirectProxyUrl`). Sign-in puts the app's own origin in the
 * encrypted state; the stable deployment, receiving the callback, forwards it to that origin,
 * where the check cookies live and the sign-in completes. Both share the secret, so only they can
 * make or read such a state, and a forward can only go to an origin one of them put there.
 *
 * A forward also keeps the callback with its provider: a callback that arrived for one provider
 * goes only to that provider's callback. Otherwise a malicious provider could start a sign-in with
 * itself, send the victim to an honest provider with that state, and have the proxy carry the
 * honest provider's code to its own callback, whose token request hands the code to the attacker
 * (an IdP mix-up that the check cookies, bound to the malicious provider, would then let through).
 */
import type { ActionContext, AuthResult } from "../../context";
import { InvalidCheck } from "../../errors";
import { isLoopback } from "../../http/origin";
import type { OAuthCheck } from "../../types";
import { type StateTarget, stateTarget } from "./checks";

/**
 * The redirect proxy URL in effect for a provider: its own `redirectProxyUrl`, else the
 * configuration's (`AUTH_REDIRECT_PROXY_URL`).
 *
 * @param provider - The provider configuration.
 * @param ctx - The action context.
 * @returns The URL without a trailing slash, or undefined when no proxy is used.
 * @example
 * ```ts
 * const proxy = redirectProxyOf(provider, ctx) // "https://auth.example.com/auth"
 * ```
 */
export function redirectProxyOf(
  provider: { redirectProxyUrl?: string },
  ctx: ActionContext,
): string | undefined {
  const url = provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl;
  return url ? url.replace(/\/+$/, "") : undefined;
}

/**
 * The `redirect_uri` of a provider: `{redirectProxyUrl}/callback/{id}` behind a proxy, else
 * `{origin}{basePath}/callback/{id}`. Sign-in and the token request must send the same value.
 *
 * @param providerId - The provider's id.
 * @param proxy - The redirect proxy URL, if any.
 * @param ctx - The action context.
 * @returns The redirect URI.
 * @example
 * ```ts
 * redirectUri("github", undefined, ctx) // "https://app.example/auth/callback/github"
 * ```
 */
export function redirectUri(providerId: string, proxy: string | undefined, ctx: ActionContext): string {
  return `${proxy ?? ctx.actionUrl}/callback/${providerId}`;
}

/**
 * The checks of a request: the provider's, plus `state` behind a redirect proxy (the state
 * carries the origin to forward to).
 *
 * @param checks - The provider's normalised checks.
 * @param proxy - The redirect proxy URL, if any.
 * @returns The checks to make and verify.
 * @example
 * ```ts
 * effectiveChecks(["pkce"], "https://auth.example.com/auth") // ["pkce", "state"]
 * ```
 */
export function effectiveChecks(checks: OAuthCheck[], proxy: string | undefined): OAuthCheck[] {
  return proxy && !checks.includes("state") ? [...checks, "state"] : checks;
}

/**
 * When this app is the redirect proxy for the sign-in a callback belongs to, the redirect that
 * forwards the whole callback to the app that started it: the callback URL sealed in the state
 * (an origin alone, from earlier versions, gets `{basePath}/callback/{id}`), with the callback's
 * parameters as the query, as Auth.js's proxy forwards. Only to the callback of the provider the
 * callback arrived for, and only with a state made for that provider.
 *
 * @param providerId - The provider's id.
 * @param params - The callback parameters (query, or form_post body).
 * @param proxy - The redirect proxy URL in effect (forwarding happens only behind one).
 * @param ctx - The action context.
 * @returns The forwarding result, or undefined when the callback is for this app.
 * @throws {InvalidCheck} When the state was made for another provider, or sends the callback to
 * a URL that is not this provider's callback.
 * @see SPEC.md, "Configuration" (redirectProxyUrl)
 * @example
 * ```ts
 * const forward = await forwardFromProxy("github", params, proxy, ctx)
 * // undefined: the callback is this app's own, so the sign-in goes on here
 * ```
 */
export async function forwardFromProxy(
  providerId: string,
  params: URLSearchParams,
  proxy: string | undefined,
  ctx: ActionContext,
): Promise<AuthResult | undefined> {
  if (!proxy) return undefined;
  const sealed = await stateTarget(params.get("state"), ctx);
  if (!sealed || sealed.url.origin === ctx.origin) return undefined;
  if (!sameProvider(sealed, providerId)) {
    throw new InvalidCheck(
      `A callback of "${providerId}" carries a state made for another provider's callback; the redirect proxy does not forward it.`,
    );
  }
  const target = sealed.url;
  if (!forwardable(target)) {
    // Only an app holding the secret can seal a URL, so this is a misbehaving deployment.
    ctx.config.logger.warn("redirect-proxy-refused");
    return undefined;
  }
  if (target.pathname === "/") target.pathname = `${ctx.basePath}/callback/${providerId}`;
  target.search = params.toString();
  target.hash = "";
  return { redirect: target.href };
}

/**
 * Whether a sealed target belongs to the provider a callback arrived for: the state names that
 * provider (or none: Auth.js and earlier versions name none), and the URL is that provider's
 * callback, `.../callback/{id}` (or a bare origin, from earlier versions, completed with this
 * provider's callback path). The id is compared decoded, however the URL escaped it.
 */
function sameProvider(sealed: StateTarget, providerId: string): boolean {
  if (sealed.provider !== undefined && sealed.provider !== providerId) return false;
  const { pathname } = sealed.url;
  if (pathname === "/") return true;
  const segments = pathname.split("/");
  return segments.at(-2) === "callback" && decoded(segments.at(-1) ?? "") === providerId;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Whether the proxy sends authorization codes to this URL: https, or http on a loopback host
 * (local development). The code in the query signs in whoever receives it, so it never travels
 * in clear text over the network, whatever a deployment sealed.
 */
function forwardable(target: URL): boolean {
  return target.protocol === "https:" || (target.protocol === "http:" && isLoopback(target.hostname));
}
