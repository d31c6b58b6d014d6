import { isValidCallbackUrl, type RedirectResult } from "@portcullis/core";
import { InvalidRequest } from "@portcullis/core/errors";
import { type Action, error, type RequestEvent, redirect } from "@sveltejs/kit";
import { setCookies } from "./cookies";
import { engineFor } from "./engine";
import { serverCall } from "./public-origin";
import type { SvelteKitAuthConfig } from "./types";

/**
 * Fields named `authorizationParams-<name>` (as Auth.js's SvelteKit forms name them) are sent to
 * the provider's authorization endpoint as `<name>`, e.g. `authorizationParams-prompt=login`.
 */
const AUTHORIZATION_PARAM = "authorizationParams-";

/** A sign-in or sign-out form: what the action reads, and the provider's own fields. */
interface FormFields {
  provider: string | undefined;
  redirectTo: string;
  authorizationParams: Record<string, string>;
  fields: Record<string, string>;
}

/**
 * Whether an error carries the HTTP status SvelteKit answers it with, as adapter-node's 413 for a
 * body over `BODY_SIZE_LIMIT` does.
 */
function hasStatus(cause: unknown): boolean {
  return typeof cause === "object" && cause !== null && "status" in cause && typeof cause.status === "number";
}

/**
 * The posted form. A body that does not parse as one (a malformed or cut-off multipart body) is
 * the client's mistake: SvelteKit's 400, not the 500 of an unexpected error. An error with its own
 * status keeps it.
 */
async function formDataOf(event: RequestEvent): Promise<FormData> {
  try {
    return await event.request.formData();
  } catch (cause) {
    if (hasStatus(cause)) throw cause;
    error(400, "The form could not be read.");
  }
}

/**
 * Reads the form. `redirectTo` defaults to the page the form was posted from (its Referer, else
 * the action's own path); the engine's `redirect` callback decides whether it may be used.
 */
async function readForm(event: RequestEvent): Promise<FormFields> {
  const rest: Record<string, string> = {};
  const authorizationParams: Record<string, string> = {};
  for (const [name, value] of await formDataOf(event)) {
    // Files have no meaning to the engine; only text fields are passed on.
    if (typeof value !== "string") continue;
    if (name.startsWith(AUTHORIZATION_PARAM))
      authorizationParams[name.slice(AUTHORIZATION_PARAM.length)] = value;
    else rest[name] = value;
  }
  const { providerId, provider, redirectTo, ...fields } = rest;
  const target = redirectTo || event.request.headers.get("referer") || event.url.pathname;
  return {
    provider: providerId || provider || undefined,
    // The engine refuses a target that is no path or http(s) URL as a broken callback; from a
    // form field it is a visitor's input, so the action falls back to the root instead.
    redirectTo: isValidCallbackUrl(target) ? target : "/",
    authorizationParams,
    fields,
  };
}

/**
 * Sets the cookies of a sign-in or sign-out and redirects where the engine says. The engine
 * throws no visitor's failure (those come back as the error page's redirect), only a request it
 * cannot serve or a broken configuration, which it logs: SvelteKit's error page, without details.
 */
async function redirectAfter(event: RequestEvent, step: Promise<RedirectResult>): Promise<never> {
  const result = await step.catch((cause: unknown) =>
    error(cause instanceof InvalidRequest ? 400 : 500, "Authentication failed."),
  );
  setCookies(event.cookies, result.cookies);
  redirect(303, result.redirect);
}

/**
 * The `signIn` form action of {@link SvelteKitAuth}. Without a provider, or with one the
 * configuration lacks, it redirects to the sign-in page; credentials are checked with the form's
 * other fields; any other provider starts its sign-in (an OAuth provider answers its
 * authorization URL, with the `authorizationParams-<name>` fields).
 *
 * @param config The configuration, or a function of the request event returning it.
 * @returns A SvelteKit form action. It always ends in `redirect(303, url)`: the `redirectTo` on
 * success, the sign-in page with `?error=CredentialsSignin&code=credentials` when credentials are
 * refused, the error page for other failures.
 * @throws A SvelteKit HttpError (via `error()`) when the engine cannot sign in at all: 400 for a
 * body that is no form or a request whose host it refuses, 500 for a configuration problem
 * (details in the server log). A body error with its own status (a 413) is rethrown.
 * @example
 * ```ts
 * export const actions = { default: createSignIn(config) }
 * ```
 */
export function createSignIn(config: SvelteKitAuthConfig): Action {
  return async (event) => {
    const auth = await engineFor(config, event);
    const { provider, redirectTo, authorizationParams, fields } = await readForm(event);
    const call = { ...serverCall(event), fields, callbackUrl: redirectTo, authorizationParams };
    await redirectAfter(event, auth.signIn(provider, { ...call, redirectOnError: true }));
  };
}

/**
 * The `signOut` form action of {@link SvelteKitAuth}: ends the session (a database session is
 * deleted, the cookie cleared either way) and redirects to the form's `redirectTo`.
 *
 * @param config The configuration, or a function of the request event returning it.
 * @returns A SvelteKit form action ending in `redirect(303, url)`.
 * @throws A SvelteKit HttpError: 400 for a body that is no form (a body error with its own
 * status, a 413, is rethrown), 500 when the engine cannot sign out (configuration problem, a
 * failing `redirect` callback).
 * @example
 * ```ts
 * export const actions = { signout: createSignOut(config) }
 * ```
 */
export function createSignOut(config: SvelteKitAuthConfig): Action {
  return async (event) => {
    const auth = await engineFor(config, event);
    const { redirectTo } = await readForm(event);
    await redirectAfter(event, auth.signOut({ ...serverCall(event), callbackUrl: redirectTo }));
  };
}
