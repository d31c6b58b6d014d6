/** Server-side `signOutEverywhere`: sign out on every device, for server actions and route handlers. */
import { redirect } from "next/navigation";
import type { NextAuthConfigInput } from "./config";
import { callerOf, setCookies } from "./engine";
import { target } from "./sign-in";
import type { SignOutOptions } from "./sign-out";

/** The server-side `signOutEverywhere` of {@link NextAuth}; takes the options of `signOut`. */
export type NextAuthSignOutEverywhere = (options?: SignOutOptions) => Promise<string>;

/**
 * Builds `signOutEverywhere`: ends every session of the signed-in user, this one included (its
 * cookie cleared), then redirects to `redirectTo` (through the `redirect` callback, as `signOut`)
 * or, with `redirect: false`, answers the URL.
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
    const callbackUrl = target(options.redirectTo, headers);
    // Signed out already: there is nothing to end, and the browser goes where signOut would send it.
    const result =
      (await engine.revokeAllSessions({ ...call, callbackUrl })) ??
      (await engine.signOut({ ...call, callbackUrl }));
    await setCookies(result.cookies);
    if (options.redirect ?? true) redirect(result.redirect);
    return result.redirect;
  };
}
