/** Server-side `signIn`, for server actions and route handlers. */
import { providerTypeOf } from "@portcullis/core";
import { redirect } from "next/navigation";
import type { NextAuthConfigInput } from "./config";
import { actionUrl, redirectTarget } from "./core-request";
import { currentCaller, postAction, redirectUrl } from "./server-call";

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
 * page; with a credentials provider it posts the fields to `{basePath}/callback/{id}`; with any
 * other it posts to `{basePath}/signin/{id}` (an OAuth redirect, an email link...). The answer's
 * cookies are set on the current response; then it redirects (`redirect()` throws Next.js's
 * redirect signal) or, with `redirect: false`, answers the URL.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The `signIn` function.
 */
export function createSignIn(input: NextAuthConfigInput): NextAuthSignIn {
  return async (provider, options, authorizationParams) => {
    const caller = await currentCaller(input);
    const { redirect: redirectOption, redirectTo, ...rest } = fields(options);
    const shouldRedirect = redirectOption !== false && redirectOption !== "false";
    const callbackUrl = redirectTarget(redirectTo, caller.headers);
    const signIn = actionUrl("signin", caller.headers, caller.config);
    const type = provider === undefined ? undefined : providerTypeOf(caller.config, provider);
    let url: string;
    if (provider === undefined || type === undefined) {
      signIn.searchParams.set("callbackUrl", callbackUrl);
      url = signIn.href;
    } else {
      const action = type === "credentials" ? "callback" : "signin";
      const target = actionUrl(`${action}/${encodeURIComponent(provider)}`, caller.headers, caller.config);
      target.search = new URLSearchParams(authorizationParams).toString();
      const body = new URLSearchParams({ callbackUrl });
      for (const [key, value] of Object.entries(rest)) if (typeof value === "string") body.set(key, value);
      url = await redirectUrl(await postAction(caller, target, body), caller);
    }
    if (shouldRedirect) redirect(url);
    return url;
  };
}

function fields(options: SignInOptions | undefined): Record<string, unknown> {
  if (options instanceof FormData) return Object.fromEntries(options);
  return options ?? {};
}
