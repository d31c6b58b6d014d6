import type { AuthEngine, Session } from "@portcullis/core";
import type { Handle, RequestEvent } from "@sveltejs/kit";
import { accessTokenGetter } from "./access-token";
import { setCookies } from "./cookies";
import { engineFor } from "./engine";
import { sessionControl } from "./session-control";
import type { SvelteKitAuthConfig } from "./types";

/**
 * The server hook of {@link SvelteKitAuth}: a GET or POST under the configuration's `basePath`
 * (default `/auth`) is answered by the engine's HTTP face, its Response returned untouched; every
 * other request gets `event.locals.auth()` and `event.locals.sessions`, and goes on to the app.
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
    const basePath = auth.basePath();
    const { pathname } = event.url;
    const method = event.request.method;
    if (
      (method === "GET" || method === "POST") &&
      (pathname === basePath || pathname.startsWith(`${basePath}/`))
    )
      return auth.handle(event.request);
    let session: Promise<Session | null> | undefined;
    // Read on first use and at most once: a layout and a page asking both cost one session read.
    event.locals.auth = () => {
      session ??= readSession(auth, event);
      return session;
    };
    event.locals.sessions = sessionControl(auth, event, () => {
      session = Promise.resolve(null);
    });
    event.locals.getAccessToken = accessTokenGetter(auth, event, () => {
      session = Promise.resolve(null);
    });
    return resolve(event);
  };
}

/** The event's session, its refreshed cookie set on the response as the session route would. */
async function readSession(auth: AuthEngine, event: RequestEvent): Promise<Session | null> {
  const { session, cookies } = await auth.session({
    headers: event.request.headers,
    origin: event.url.origin,
  });
  try {
    setCookies(event.cookies, cookies);
  } catch {
    // Too late for cookies (a read in a promise streamed after the response): the session is still
    // right, and the next request refreshes the cookie. locals.auth() never throws.
  }
  return session;
}
