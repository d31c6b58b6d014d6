/**
 * The redirect proxy: preview deployments, whose origins change, all register one stable
 * callback URL at the provider (`redirectProxyUrl`). Sign-in puts the app's own origin in the
 * encrypted state; the stable deployment, receiving the callback, forwards it to that origin,
 * where the check cookies live and the sign-in completes. Both share the secret, so only they can
 * make or read such a state, and a forward can only go to an origin one of them put there.
 */
import type { ActionContext, AuthResult } from "../../context";
import { isLoopback } from "../../http/origin";
import type { OAuthCheck } from "../../types";
import { stateTarget } from "./checks";

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
 * parameters as the query, as Auth.js's proxy forwards.
 *
 * @param providerId - The provider's id.
 * @param params - The callback parameters (query, or form_post body).
 * @param proxy - The redirect proxy URL in effect (forwarding happens only behind one).
 * @param ctx - The action context.
 * @returns The forwarding result, or undefined when the callback is for this app.
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
  const target = await stateTarget(params.get("state"), ctx);
  if (!target || target.origin === ctx.origin) return undefined;
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
 * Whether the proxy sends authorization codes to this URL: https, or http on a loopback host
 * (local development). The code in the query signs in whoever receives it, so it never travels
 * in clear text over the network, whatever a deployment sealed.
 */
function forwardable(target: URL): boolean {
  return target.protocol === "https:" || (target.protocol === "http:" && isLoopback(target.hostname));
}
