/**
 * The context an action or a server-side operation works in: the request's origin and cookie
 * names, and the lazily made CSRF token and callback URL. One per request or call.
 */
import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthRequest } from "../context";
import { resolveCallbackUrl } from "../http/callback-url";
import { bodyTokenMatches, createCsrfToken, tokenFromCookie } from "../http/csrf";

/**
 * Who is asking: a browser through the HTTP routes, or the app's own server code through the
 * engine's server face. Server code cannot be reached by a cross-site form, so its calls carry no
 * CSRF token and need none; an HTTP POST must carry one, unless the deployer turned the check off
 * or the integration named the app's origin (`Mount.csrfOrigin`) and the POST comes from it.
 */
export type Caller = "http" | "server";

/**
 * Builds the context of one request or server-side call.
 *
 * @param req The parsed request (or the one a server-side call stands for).
 * @param config The normalised configuration.
 * @param url The request's public URL (see `publicUrl`).
 * @param basePath Where the routes are served.
 * @param caller Who is asking.
 * @param csrfOrigin The origin whose POSTs count as CSRF-checked by their Origin header alone
 * (the `csrfOrigin` an integration mounts the routes with); none by default.
 * @returns The context.
 * @example
 * ```ts
 * const ctx = createContext(req, config, url, "/auth", "http")
 * ```
 */
export function createContext(
  req: AuthRequest,
  config: InternalConfig,
  url: URL,
  basePath: string,
  caller: Caller,
  csrfOrigin?: string,
): ActionContext {
  const secure = config.useSecureCookies ?? url.protocol === "https:";
  const cookies = secure ? config.cookies.secure : config.cookies.plain;
  const { joinedSecret } = config;
  let csrf: Promise<string> | undefined;
  let callbackUrl: Promise<string> | undefined;
  const ctx: ActionContext = {
    config,
    origin: url.origin,
    basePath,
    actionUrl: `${url.origin}${basePath}`,
    secure,
    cookies,
    provider: req.providerId === undefined ? undefined : config.providerById.get(req.providerId),
    now: config.now(),
    contextCookies: [],
    csrfToken: () => {
      csrf ??= (async () => {
        const existing = await tokenFromCookie(req.cookies.get(cookies.csrfToken.name), joinedSecret);
        if (existing) return existing;
        const created = await createCsrfToken(joinedSecret);
        ctx.contextCookies.push({
          name: cookies.csrfToken.name,
          value: created.cookie,
          options: cookies.csrfToken.options,
        });
        return created.token;
      })();
      return csrf;
    },
    csrfVerified: async () => {
      if (caller === "server" || config.skipCSRFCheck) return true;
      if (req.method !== "POST") return false;
      if (postedFrom(req.request, csrfOrigin)) return true;
      const token = await tokenFromCookie(req.cookies.get(cookies.csrfToken.name), joinedSecret);
      return bodyTokenMatches(token, req.body?.csrfToken);
    },
    callbackUrl: () => {
      callbackUrl ??= resolveCallbackUrl(req, ctx);
      return callbackUrl;
    },
  };
  return ctx;
}

/**
 * Whether a request's `Origin` header is exactly `origin`, the app's own. Browsers set Origin on
 * every POST themselves and no page can change it, so a form another site posts here carries that
 * site's origin, or `null` (sandboxed frames, some redirects): only the app's own pages can send
 * this one. It is compared as browsers serialise it (lowercase, no default port, no path); a
 * sibling subdomain, the other scheme or another port is another origin.
 *
 * @param request The request.
 * @param origin The app's origin, e.g. `https://app.example`; undefined accepts nothing.
 * @returns True only for an exact match with an http(s) origin.
 * @example
 * ```ts
 * const request = new Request("https://app.example/auth/signout", { method: "POST", headers: { origin: "https://app.example" } })
 * postedFrom(request, "https://app.example") // true
 * postedFrom(request, "https://www.app.example") // false
 * ```
 */
export function postedFrom(request: Request, origin: string | undefined): boolean {
  if (origin === undefined || !URL.canParse(origin)) return false;
  const url = new URL(origin);
  // Other schemes serialise to the opaque origin "null", which any sandboxed page can send.
  return (
    (url.protocol === "http:" || url.protocol === "https:") && request.headers.get("origin") === url.origin
  );
}
