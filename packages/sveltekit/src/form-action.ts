import {
  Auth,
  type AuthConfig,
  basePathOf,
  isValidCallbackUrl,
  providerTypeOf,
  withoutCsrfCheck,
} from "@portcullis/core";
import { type Action, error, type RequestEvent, redirect } from "@sveltejs/kit";
import { configFor } from "./resolve-config";
import { copyCookies } from "./set-cookies";
import type { SvelteKitAuthConfig } from "./types";

/**
 * Fields named `authorizationParams-<name>` (as Auth.js's SvelteKit forms name them) are sent to
 * the provider's authorization endpoint as `<name>`, e.g. `authorizationParams-prompt=login`.
 */
const AUTHORIZATION_PARAM = "authorizationParams-";

/** The fields of a sign-in or sign-out form, split into what the action reads and what it passes on. */
interface FormFields {
  provider: string | undefined;
  redirectTo: string;
  /** For the provider's authorization request (the query of the core's sign-in action). */
  authorizationParams: Record<string, string>;
  rest: Record<string, string>;
}

/**
 * Reads the form. `redirectTo` defaults to the page the form was posted from (its Referer, else
 * the action's own path); the core's `redirect` callback decides whether it may be used.
 */
async function readForm(event: RequestEvent): Promise<FormFields> {
  const rest: Record<string, string> = {};
  const authorizationParams: Record<string, string> = {};
  for (const [name, value] of await event.request.formData()) {
    // Files have no meaning to the core; only text fields are passed on.
    if (typeof value !== "string") continue;
    if (name.startsWith(AUTHORIZATION_PARAM))
      authorizationParams[name.slice(AUTHORIZATION_PARAM.length)] = value;
    else rest[name] = value;
  }
  const { providerId, provider, redirectTo, ...others } = rest;
  const target = redirectTo || event.request.headers.get("referer") || event.url.pathname;
  return {
    provider: providerId || provider || undefined,
    // The core answers a target that is no path or http(s) URL with a 500; from a form field it is
    // a visitor's input, so the action falls back to the root instead.
    redirectTo: isValidCallbackUrl(target) ? target : "/",
    authorizationParams,
    rest: others,
  };
}

/**
 * Posts to a core action as the visitor (their cookies, the app's origin), copies the cookies of
 * the answer onto the SvelteKit response, and answers where the core would have redirected.
 */
async function callCore(
  event: RequestEvent,
  config: AuthConfig,
  action: string,
  body: Record<string, string>,
  query: Record<string, string> = {},
): Promise<string> {
  const headers = new Headers({
    "Content-Type": "application/x-www-form-urlencoded",
    // The redirect as JSON {url}, so it can be re-issued from the action (see http/response.ts).
    "X-Auth-Return-Redirect": "1",
  });
  // The forwarded headers the core honours under trustHost; the event's URL already reflects them.
  for (const name of ["cookie", "x-forwarded-host", "x-forwarded-proto"]) {
    const value = event.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const url = new URL(`${basePathOf(config)}/${action}`, event.url.origin);
  url.search = new URLSearchParams(query).toString();
  const response = await Auth(
    new Request(url, { method: "POST", headers, body: new URLSearchParams(body) }),
    withoutCsrfCheck(config),
  );
  copyCookies(response, event.cookies);
  const answer: unknown = response.status === 200 ? await response.json().catch(() => null) : null;
  if (answer !== null && typeof answer === "object" && typeof (answer as { url?: unknown }).url === "string")
    return (answer as { url: string }).url;
  // No redirect: a bad request (400) or a configuration error (500, details in the server log).
  error(response.status >= 400 ? response.status : 500, "Authentication failed.");
}

/**
 * The `signIn` form action of {@link SvelteKitAuth}. Without a provider it redirects to the sign-in
 * page; for credentials it posts the form's other fields to the callback, for any other provider
 * to its sign-in action (an OAuth provider answers its authorization URL).
 *
 * @param config The configuration, or a function of the request event returning it.
 * @returns A SvelteKit form action. It always ends in `redirect(303, url)`: the `redirectTo` on
 * success, the sign-in page with `?error=CredentialsSignin` when credentials are refused, the error
 * page for other failures.
 * @throws A SvelteKit HttpError (via `error()`) when the core answers without a redirect: 400 for
 * a request it cannot parse, 500 for a configuration problem.
 * @example
 * ```ts
 * export const actions = { default: createSignIn(config) }
 * ```
 */
export function createSignIn(config: SvelteKitAuthConfig): Action {
  return async (event) => {
    const resolved = await configFor(config, event);
    const { provider, redirectTo, authorizationParams, rest } = await readForm(event);
    if (provider === undefined) {
      const page = new URL(`${basePathOf(resolved)}/signin`, event.url.origin);
      page.searchParams.set("callbackUrl", redirectTo);
      redirect(303, page);
    }
    // Credentials have no sign-in step of their own: their form is posted to the callback.
    const step = providerTypeOf(resolved, provider) === "credentials" ? "callback" : "signin";
    const action = `${step}/${encodeURIComponent(provider)}`;
    // callbackUrl goes through the core's redirect callback: same origin only unless the app says so.
    const body = { ...rest, callbackUrl: redirectTo };
    redirect(303, await callCore(event, resolved, action, body, authorizationParams));
  };
}

/**
 * The `signOut` form action of {@link SvelteKitAuth}: ends the session (a database session is
 * deleted, the cookie cleared either way) and redirects to the form's `redirectTo`.
 *
 * @param config The configuration, or a function of the request event returning it.
 * @returns A SvelteKit form action ending in `redirect(303, url)`.
 * @throws A SvelteKit HttpError when the core answers without a redirect (configuration problem).
 * @example
 * ```ts
 * export const actions = { signout: createSignOut(config) }
 * ```
 */
export function createSignOut(config: SvelteKitAuthConfig): Action {
  return async (event) => {
    const resolved = await configFor(config, event);
    const { redirectTo } = await readForm(event);
    redirect(303, await callCore(event, resolved, "signout", { callbackUrl: redirectTo }));
  };
}
