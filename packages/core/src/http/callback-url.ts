/**
 * Resolves where an action sends the user afterwards: body, then query, then the callback-url
 * cookie, then the origin, each passed through the `redirect` callback, which by default allows
 * the same origin only. A callbackUrl that is not an http(s) URL or a path is refused outright.
 */
import type { ActionContext, AuthRequest } from "../context";
import { InvalidCallbackUrl } from "../errors";

// Control characters (CR/LF above all) would let a callbackUrl split a Location header.
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** True for an absolute http(s) URL or a path starting with `/`, without control characters. */
export function isValidCallbackUrl(value: string): boolean {
  if (hasControlCharacter(value)) return false;
  if (value.startsWith("/")) return true;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The callbackUrl of a request, after the `redirect` callback.
 * @throws InvalidCallbackUrl when the query or body names something that is not a URL or path.
 */
export async function resolveCallbackUrl(req: AuthRequest, ctx: ActionContext): Promise<string> {
  const { config, origin } = ctx;
  const fromBody = typeof req.body?.callbackUrl === "string" ? req.body.callbackUrl : undefined;
  const requested = fromBody ?? req.query.callbackUrl;
  if (requested !== undefined && !isValidCallbackUrl(requested)) {
    throw new InvalidCallbackUrl(
      "The callbackUrl parameter must be an http(s) URL or a path starting with '/'.",
    );
  }
  let fromCookie = req.cookies.get(ctx.cookies.callbackUrl.name);
  if (fromCookie !== undefined && !isValidCallbackUrl(fromCookie)) {
    // Auth.js answers 500 on every request while this cookie is bad; we ignore it instead.
    config.logger.debug("Ignoring a malformed callback-url cookie.");
    fromCookie = undefined;
  }
  const url = await config.callbacks.redirect({ url: requested ?? fromCookie ?? origin, baseUrl: origin });
  // The origin came from the request's own URL: it needs no second look.
  if (url !== origin && !isValidCallbackUrl(url)) {
    config.logger.error(
      new InvalidCallbackUrl("The redirect callback returned something that is not a URL; using the origin."),
    );
    return origin;
  }
  if (url !== fromCookie)
    ctx.contextCookies.push({
      name: ctx.cookies.callbackUrl.name,
      value: url,
      options: ctx.cookies.callbackUrl.options,
    });
  return url;
}
