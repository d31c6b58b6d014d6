/** Server-side `signOutEverywhere`: sign out on every device, for server actions and route handlers. */
import { redirect } from "next/navigation";
import type { NextAuthConfigInput } from "./config";
import { callerOf, setCookies } from "./engine";
import { target } from "./sign-in";
import type { SignOutOptions } from "./sign-out";

/** The server-side `signOutEverywhere` of {@link NextAuth}; takes the options of `signOut`. */
export type NextAuthSignOutEverywhere = (options?: SignOutOptions) => Promise<string>;

/**
 * Builds `signOutEverywhere`: ends every session of the signed-in user, then signs this browser
 * out as `signOut` does, and redirects or, with `redirect: false`, answers the URL.
 *
 * It is the other sessions' revocation followed by a plain sign-out rather than one "revoke all":
 * the sign-out is what runs the `redirect` callback on `redirectTo`, and each session still ends
 * exactly once (one `signOut` event each, the other sessions counted by `sessionsRevoked`).
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The function. It throws UnsupportedStrategy when the configuration keeps no session
 * store (nothing is signed out then), and what `signOut` throws.
 * @example
 * ```ts
 * const signOutEverywhere = createSignOutEverywhere(config)
 * await signOutEverywhere({ redirectTo: "/" })
 * ```
 */
export function createSignOutEverywhere(input: NextAuthConfigInput): NextAuthSignOutEverywhere {
  return async (options = {}) => {
    const { engine, call, headers } = await callerOf(input);
    await engine.revokeOtherSessions(call);
    const result = await engine.signOut({ ...call, callbackUrl: target(options.redirectTo, headers) });
    await setCookies(result.cookies);
    if (options.redirect ?? true) redirect(result.redirect);
    return result.redirect;
  };
}
