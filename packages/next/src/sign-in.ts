/** Server-side `signIn`, for server actions and route handlers. */
import { redirect } from "next/navigation";
import type { NextAuthConfigInput } from "./config";
import { callOf, engineFor, setCookies, standIn } from "./engine";
import { requestHeaders } from "./request-scope";

/** Options of server-side `signIn`: where to go afterwards, and the provider's own fields. */
export type SignInOptions =
  | FormData
  | ({
      /** Redirect (the default) or answer the URL. */
      redirect?: boolean;
      /** Where to go after sign-in; default the Referer, else `/`. Only the app's origin is followed. */
      redirectTo?: string;
    } & Record<string, unknown>);

/** Extra parameters of an OAuth authorization request, in any form URLSearchParams takes. */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

/** The server-side `signIn` of {@link NextAuth}. */
export type NextAuthSignIn = (
  provider?: string,
  options?: SignInOptions,
  authorizationParams?: SignInAuthorizationParams,
) => Promise<string>;

/**
 * Builds server-side `signIn`: without a provider (or with an unknown one) it goes to the sign-in
 * page; otherwise the engine signs in (a credentials check, an OAuth redirect, an email link) and
 * its cookies are set on the current response. Then it redirects (`redirect()` throws Next.js's
 * redirect signal) or, with `redirect: false`, answers the URL.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The `signIn` function. It throws the sign-in's AuthError (e.g. CredentialsSignin with
 * its `code`), as raised, with its cause.
 */
export function createSignIn(input: NextAuthConfigInput): NextAuthSignIn {
  return async (provider, options, authorizationParams) => {
    const headers = await requestHeaders();
    const engine = await engineFor(input, standIn(headers));
    const {
      redirect: redirectOption,
      redirectTo,
      ...rest
    } = options instanceof FormData ? Object.fromEntries(options) : (options ?? {});
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(rest)) if (typeof value === "string") fields[key] = value;
    const result = await engine.signIn(provider, {
      ...callOf(headers),
      fields,
      callbackUrl: target(redirectTo, headers),
      authorizationParams: Object.fromEntries(new URLSearchParams(authorizationParams)),
    });
    await setCookies(result.cookies);
    if (redirectOption !== false && redirectOption !== "false") redirect(result.redirect);
    return result.redirect;
  };
}

/**
 * Where to go afterwards: `redirectTo`, else the page the call came from (Referer), else `/`. The
 * engine's `redirect` callback then keeps it on the app's origin.
 */
export function target(redirectTo: unknown, headers: Headers): string {
  return typeof redirectTo === "string" && redirectTo !== "" ? redirectTo : (headers.get("referer") ?? "/");
}
