import { Auth, basePathOf, getSession, type Session } from "@portcullis/core";
import type { Handle } from "@sveltejs/kit";
import { configFor } from "./resolve-config";
import type { SvelteKitAuthConfig } from "./types";

/**
 * The server hook of {@link SvelteKitAuth}: a GET or POST under the configuration's `basePath`
 * (default `/auth`) is answered by the core, its Response returned untouched; every other request
 * gets `event.locals.auth()` and goes on to the app.
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
    const resolved = await configFor(config, event);
    const basePath = basePathOf(resolved);
    const { pathname } = event.url;
    const method = event.request.method;
    if (
      (method === "GET" || method === "POST") &&
      (pathname === basePath || pathname.startsWith(`${basePath}/`))
    )
      return Auth(event.request, resolved);
    let session: Promise<Session | null> | undefined;
    // Read on first use and at most once: a layout and a page asking both cost one session read.
    // The core's getSession never throws and answers null for any answer but a session.
    event.locals.auth = () => {
      session ??= getSession(event.request, resolved);
      return session;
    };
    return resolve(event);
  };
}
