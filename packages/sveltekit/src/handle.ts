import { type AuthEngine, isAuthAction, type Session } from "@portcullis/core";
import type { Handle, RequestEvent } from "@sveltejs/kit";
import { accessTokenGetter } from "./access-token";
import { setCookies } from "./cookies";
import { engineFor } from "./engine";
import { authRequest, publicOrigin, serverCall } from "./public-origin";
import { sessionControl } from "./session-control";
import type { SvelteKitAuthConfig } from "./types";

/**
 * The server hook of {@link SvelteKitAuth}: a GET or POST to one of the engine's routes under the
 * configuration's `basePath` (default `/auth`), e.g. `/auth/session` or `/auth/callback/github`,
 * is answered by the engine's HTTP face on the origin the adapter resolved, its Response returned
 * untouched; every other request (the app's own pages under `basePath` too) gets
 * `event.locals.auth()` (and its deprecated alias `getSession()`), `event.locals.sessions` and
 * `event.locals.getAccessToken()`, and goes on to the app. A POST to the routes from the origin
 * the adapter resolved passes the CSRF check without a token, as SvelteKit's own check would.
 *
 * @param config The configuration, or a function of the request event returning it.
 * @returns A SvelteKit `Handle` for `src/hooks.server.ts`.
 * @example
 * ```ts
 * export const handle = createHandle({ providers: [Credentials({ authorize })] })
 * ```
 */
export function createHandle(config: SvelteKitAuthConfig): Handle {
  return async ({ event, resolve }) => {
    const auth = await engineFor(config, event);
    // SvelteKit's own check of form posts compares Origin with event.url's origin; the engine
    // makes the same check, so hand-made forms without a csrfToken work (as with @auth/sveltekit)
    // and stay protected even where an app turned `kit.csrf.checkOrigin` off.
    if (isAuthRoute(event, auth.basePath()))
      return auth.handle(authRequest(event), { csrfOrigin: publicOrigin(event) });
    let session: Promise<Session | null> | undefined;
    // Read on first use and at most once: a layout and a page asking both cost one session read.
    event.locals.auth = () => {
      session ??= readSession(auth, event);
      return session;
    };
    // The name @auth/sveltekit kept for locals.auth(); a getSession an earlier hook of the app set stays.
    event.locals.getSession ??= event.locals.auth;
    event.locals.sessions = sessionControl(auth, event, () => {
      session = Promise.resolve(null);
    });
    event.locals.getAccessToken = accessTokenGetter(auth, event, () => {
      session = Promise.resolve(null);
    });
    return resolve(event);
  };
}

/**
 * Whether the engine answers the request: a GET or POST whose first segment under `basePath` is
 * one of its actions, as `@auth/sveltekit` decides. Anything else there (`basePath` itself, an
 * app's `/auth/login` named by `pages.signIn`) is the app's.
 */
function isAuthRoute(event: RequestEvent, basePath: string): boolean {
  const { method } = event.request;
  const { pathname } = event.url;
  if ((method !== "GET" && method !== "POST") || !pathname.startsWith(`${basePath}/`)) return false;
  return isAuthAction(pathname.slice(basePath.length + 1).split("/")[0] ?? "");
}

/** The event's session, its refreshed cookie set on the response as the session route would. */
async function readSession(auth: AuthEngine, event: RequestEvent): Promise<Session | null> {
  const { session, cookies } = await auth.session(serverCall(event));
  try {
    setCookies(event.cookies, cookies);
  } catch {
    // Too late for cookies (a read in a promise streamed after the response): the session is still
    // right, and the next request refreshes the cookie. locals.auth() never throws.
  }
  return session;
}
