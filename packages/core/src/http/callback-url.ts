/**
 * Resolves where an action sends the user afterwards: body, then query, then the callback-url
 * cookie, then the origin, passed through the `redirect` callback, which by default allows the
 * same origin only. What the client sent is input: a value that fails the syntax check is
 * skipped with a warning, never answered with a 500 and never stored. What the `redirect`
 * callback returns is configuration: garbage there is the deployer's bug and answered as one.
 */
import type { ActionContext, AuthRequest } from "../context";
import { InvalidCallbackUrl } from "../errors";
import { canonicalCallbackUrl } from "./callback-url-syntax";

/**
 * The first usable callbackUrl the client sent, in canonical form, or undefined. Each refused
 * value is logged with where it came from and why, never with the value itself: a callbackUrl may
 * carry an app's own query parameters, and hostile input has no business in a log line.
 */
function requestedCallbackUrl(req: AuthRequest, ctx: ActionContext, fromCookie: string | undefined) {
  const { logger } = ctx.config;
  const sources: Array<[string, unknown]> = [
    ["body", req.body?.callbackUrl],
    ["query", req.query.callbackUrl],
    ["callback-url cookie", fromCookie],
  ];
  for (const [source, value] of sources) {
    // Absent and empty both mean "not given", as in Auth.js.
    if (value === undefined || value === "") continue;
    // The origin is what the cookie holds after a first visit; `new URL` would add a slash to it.
    if (value === ctx.origin) return value;
    const checked = typeof value === "string" ? canonicalCallbackUrl(value, ctx.origin) : undefined;
    if (checked?.url !== undefined) return checked.url;
    logger.warn("invalid-callback-url");
    logger.debug(`Ignored the callbackUrl of the ${source}: ${checked?.problem ?? "not a string"}.`);
  }
  return undefined;
}

/**
 * Runs the `redirect` callback and checks its answer, which becomes a Location header: an
 * absolute http(s) URL or a path (made absolute against the origin), in canonical form.
 *
 * @param url - The candidate passed to the callback.
 * @param ctx - The action context (config and origin).
 * @returns The absolute URL to redirect to.
 * @throws InvalidCallbackUrl when the callback returns anything else: a configuration error.
 * @example
 * ```ts
 * const target = await checkedRedirect("/dashboard", ctx) // "https://app.example/dashboard"
 * ```
 */
export async function checkedRedirect(url: string, ctx: ActionContext): Promise<string> {
  const { origin } = ctx;
  const returned: unknown = await ctx.config.callbacks.redirect({ url, baseUrl: origin });
  // The origin came from the request's own URL: it needs no second look.
  if (returned === origin) return origin;
  const checked = typeof returned === "string" ? canonicalCallbackUrl(returned, origin) : undefined;
  if (checked?.url === undefined)
    throw new InvalidCallbackUrl(
      `The redirect callback returned something that is not an http(s) URL or a path starting with a single '/' (${checked?.problem ?? "not a string"}).`,
    );
  return checked.url.startsWith("/") ? `${origin}${checked.url}` : checked.url;
}

/**
 * The callbackUrl of a request, after the `redirect` callback; stored in the callback-url cookie
 * when it differs from what the cookie holds.
 *
 * @param req - The parsed request.
 * @param ctx - The action context; the cookie, when written, is added to `ctx.contextCookies`.
 * @returns The absolute URL to send the user to.
 * @throws InvalidCallbackUrl when the `redirect` callback returns something that is not a URL.
 * @example
 * ```ts
 * const callbackUrl = await resolveCallbackUrl(req, ctx) // "https://app.example/dashboard"
 * ```
 */
export async function resolveCallbackUrl(req: AuthRequest, ctx: ActionContext): Promise<string> {
  const { origin } = ctx;
  const fromCookie = req.cookies.get(ctx.cookies.callbackUrl.name);
  // The usual case, a cookie holding the origin and nothing requested, needs no parsing.
  const requested =
    fromCookie === origin && req.body?.callbackUrl === undefined && req.query.callbackUrl === undefined
      ? origin
      : requestedCallbackUrl(req, ctx, fromCookie);
  const url = await checkedRedirect(requested ?? origin, ctx);
  if (url !== fromCookie)
    ctx.contextCookies.push({
      name: ctx.cookies.callbackUrl.name,
      value: url,
      options: ctx.cookies.callbackUrl.options,
    });
  return url;
}
