/**
 * Requests the integration makes to the core on behalf of the app's own server code: built from
 * the caller's headers, carrying only what the core reads.
 */
import { createActionURL, isValidCallbackUrl } from "@portcullis/core";
import { defaultBasePath } from "./base-path";

// What the core reads of a caller's request: its cookies, and the host and protocol it was made
// to (Next.js fills X-Forwarded-Host/Proto itself when no proxy did; the core honours them only
// under trustHost). Nothing else (Content-Length of another body, Authorization...) is passed on.
const FORWARDED = ["cookie", "host", "x-forwarded-host", "x-forwarded-proto"];

/**
 * The headers of a request to the core: the caller's cookies and host headers, plus `extra`.
 *
 * @param caller The headers of the request being served (from `headers()` or a NextRequest).
 * @param extra Headers to add, e.g. Content-Type.
 * @returns New Headers; `caller` is not changed.
 */
export function forwardedHeaders(caller: Headers, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  for (const name of FORWARDED) {
    const value = caller.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/**
 * The absolute URL of an action under `basePath` for a caller: from `AUTH_URL` when set, else from
 * the caller's Host, or its X-Forwarded-Host/Proto when the host is declared trustworthy.
 *
 * @param action e.g. `signin/github` or `session`.
 * @param caller The caller's headers.
 * @param config The configuration's `basePath` and `trustHost`, as far as it sets them.
 * @returns The URL.
 * @throws TypeError when the caller's host cannot form a URL.
 */
export function actionUrl(
  action: string,
  caller: Headers,
  config: { basePath?: string; trustHost?: boolean },
): URL {
  const env = typeof process === "undefined" ? {} : process.env;
  return createActionURL(action, "http", caller, env, {
    basePath: config.basePath,
    trustHost: config.trustHost,
  });
}

/**
 * A request standing for the caller, for a configuration function (lazy initialisation) and the
 * session read of `auth()` when there is no request object at hand (server components, actions).
 *
 * @param caller The caller's headers.
 * @returns A GET to the session action's URL with the caller's forwarded headers, or `undefined`
 * when the caller's host cannot form a URL.
 */
export function callerRequest(caller: Headers): Request | undefined {
  try {
    return new Request(actionUrl("session", caller, { basePath: defaultBasePath() }), {
      headers: forwardedHeaders(caller),
    });
  } catch {
    return undefined;
  }
}

/**
 * Where a server-side sign-in or sign-out sends the user afterwards: `redirectTo`, else the page
 * the call came from (Referer), else `/`. A target that is neither a path nor an http(s) URL
 * (`javascript:`, control characters) becomes `/`: the core would answer it with a 500, and it may
 * come from a visitor's form. The core's `redirect` callback then keeps it on the app's origin.
 *
 * @param redirectTo The caller's option, if any.
 * @param caller The caller's headers.
 * @returns The callbackUrl to send.
 */
export function redirectTarget(redirectTo: unknown, caller: Headers): string {
  const target =
    typeof redirectTo === "string" && redirectTo !== "" ? redirectTo : (caller.get("referer") ?? "/");
  return isValidCallbackUrl(target) ? target : "/";
}
