/** Server-side `signOut`, for server actions and route handlers. */
import { redirect } from "next/navigation";
import type { NextAuthConfigInput } from "./config";
import { actionUrl, redirectTarget } from "./core-request";
import { currentCaller, postAction, redirectUrl } from "./server-call";

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
 * Builds server-side `signOut`: posts to `{basePath}/signout`, which invalidates the session
 * cookie (and removes a database session), sets the answer's cookies on the current response,
 * then redirects or, with `redirect: false`, answers the URL.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The `signOut` function.
 */
export function createSignOut(input: NextAuthConfigInput): NextAuthSignOut {
  return async (options = {}) => {
    const caller = await currentCaller(input);
    const callbackUrl = redirectTarget(options.redirectTo, caller.headers);
    const target = actionUrl("signout", caller.headers, caller.config);
    const url = await redirectUrl(
      await postAction(caller, target, new URLSearchParams({ callbackUrl })),
      caller,
    );
    if (options.redirect ?? true) redirect(url);
    return url;
  };
}
