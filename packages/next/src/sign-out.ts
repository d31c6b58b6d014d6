/** Server-side `signOut`, for server actions and route handlers. */
import { redirect } from "next/navigation";
import type { NextAuthConfigInput } from "./config";
import { callOf, engineFor, setCookies, standIn } from "./engine";
import { requestHeaders } from "./request-scope";
import { target } from "./sign-in";

/** Options of server-side `signOut`. */
export interface SignOutOptions {
  /** Redirect (the default) or answer the URL. */
  redirect?: boolean;
  /** Where to go after sign-out; default the Referer, else `/`. Only the app's origin is followed. */
  redirectTo?: string;
}

/** The server-side `signOut` of {@link NextAuth}. */
export type NextAuthSignOut = (options?: SignOutOptions) => Promise<string>;

/**
 * Builds server-side `signOut`: the engine ends the session (and removes a database session), its
 * cookies are set on the current response, then it redirects or, with `redirect: false`, answers
 * the URL.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The `signOut` function.
 */
export function createSignOut(input: NextAuthConfigInput): NextAuthSignOut {
  return async (options = {}) => {
    const headers = await requestHeaders();
    const engine = await engineFor(input, standIn(headers));
    const result = await engine.signOut({
      ...callOf(headers),
      callbackUrl: target(options.redirectTo, headers),
    });
    await setCookies(result.cookies);
    if (options.redirect ?? true) redirect(result.redirect);
    return result.redirect;
  };
}
