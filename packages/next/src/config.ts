/**
 * The configuration as the Next integration sees it: `NextAuthConfig` (an `AuthConfig` with the
 * `authorized` callback middleware uses) and its lazy resolution.
 */
import type { AuthConfig, Awaitable, Session } from "@portcullis/core";
import type { NextRequest } from "next/server";

/** What the `authorized` callback is given: the session (or null) and the request. */
export interface AuthorizedParams {
  auth: Session | null;
  request: NextRequest;
}

/**
 * The configuration of {@link NextAuth}: the core's `AuthConfig`, plus `callbacks.authorized`,
 * which `auth` as middleware (or as a route wrapper) asks whether a request may go on. `true`
 * lets it through; `false` or `undefined` redirects to the sign-in page; a Response is answered
 * as is. It must not protect the sign-in page itself, or the redirect would loop (that one path is
 * never redirected).
 */
export interface NextAuthConfig extends Omit<AuthConfig, "callbacks"> {
  callbacks?: AuthConfig["callbacks"] & {
    authorized?: (params: AuthorizedParams) => Awaitable<boolean | Response | undefined>;
  };
}

/** A configuration, or a function of the request returning one (lazy initialisation). */
export type NextAuthConfigInput = NextAuthConfig | ((request: Request) => Awaitable<NextAuthConfig>);

/** The configuration for a request: the object itself, or what the function answers for it. */
export async function resolveConfig(input: NextAuthConfigInput, request: Request): Promise<NextAuthConfig> {
  return typeof input === "function" ? input(request) : input;
}
