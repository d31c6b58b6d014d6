import { resolveClient } from "./configure-client";
import { fetchCsrfToken } from "./get-csrf-token";
import { postRevocation } from "./session-control";
import { postSignOut } from "./sign-out";
import type { SignOutEverywhereResult, SignOutOptions } from "./types";

/**
 * Signs the user out of every browser and device at once: revokes all their sessions, this one
 * included (`sessions/revoke-all`, which also clears this browser's session cookie), then leaves
 * the page as `signOut` does.
 *
 * Where to go is asked of the server with a sign-out POST, as `signOut` does, because the
 * revocation answers no URL: `redirectTo` then passes the server's `redirect` callback, so a
 * callback URL taken from a query string cannot send the user to another site.
 *
 * @param options As `signOut`'s: `redirect` (default `true`), `redirectTo` (alias `callbackUrl`;
 *   default: the current page), and client options.
 * @returns `{ url, revoked }` with `redirect: false` (`revoked` counts this browser's session
 *   too); else `undefined`.
 * @throws ClientFetchError with status 401 when this browser is not signed in (nothing could be
 *   revoked), 404 when the server has no session store configured, 403 when the CSRF check fails;
 *   and when the server is unreachable or answers with another error. When only the final
 *   sign-out POST fails, the sessions are revoked already.
 * @example
 * ```ts
 * import { signOutEverywhere } from "@portcullis/client"
 * await signOutEverywhere({ redirectTo: "/" })
 * ```
 */
export async function signOutEverywhere(
  options: SignOutOptions = {},
): Promise<SignOutEverywhereResult | undefined> {
  const client = resolveClient(options);
  const csrfToken = await fetchCsrfToken(client, "signOutEverywhere");
  const revoked = await postRevocation(client, "signOutEverywhere", "revoke-all", csrfToken);
  // The CSRF cookie outlives the session cookie, so the same token is good for the sign-out.
  const url = await postSignOut(client, "signOutEverywhere", csrfToken, options);
  if (options.redirect ?? true) {
    client.navigate(url);
    return undefined;
  }
  return { url, revoked };
}
