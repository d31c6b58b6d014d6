import { Auth, type AuthConfigInput } from "@portcullis/core";

/**
 * What the handlers read of SolidStart's `APIEvent`: its Web Request. Described structurally, so
 * the package needs no type from `@solidjs/start`; an `APIEvent` is one.
 */
export interface SolidAuthEvent {
  /** The request as SolidStart built it (its URL already reflects a trusted X-Forwarded-Proto). */
  request: Request;
}

/** The API route handlers of the catch-all auth route file, one per method the engine answers. */
export interface SolidAuthHandlers {
  /** Sign-in and sign-out pages, CSRF token, providers, session, OAuth callbacks. */
  GET: (event: SolidAuthEvent) => Promise<Response>;
  /** Sign-in, credentials and email callbacks, sign-out, session update. */
  POST: (event: SolidAuthEvent) => Promise<Response>;
}

/**
 * The `GET` and `POST` handlers of SolidStart's catch-all API route for the auth routes
 * (`src/routes/auth/[...solidauth].ts` for the default `basePath` `/auth`). Each hands
 * `event.request` to the engine's HTTP face and returns its `Response` unchanged, so SolidStart
 * sends every Set-Cookie header and redirect as the engine wrote them; nothing else of the app is
 * touched, since SolidStart only routes requests under the route file's folder here.
 *
 * @param config The configuration, or a function of the request returning it (called per request;
 * answer the same object each time so the app keeps one engine).
 * @returns `{ GET, POST }` to export from the route file. The handlers never throw: configuration
 * problems are answered with a 500 and logged.
 * @throws Never.
 * @example
 * ```ts
 * // src/routes/auth/[...solidauth].ts
 * import { SolidAuth } from "@portcullis/solid-start"
 * import { authConfig } from "~/lib/auth"
 * export const { GET, POST } = SolidAuth(authConfig)
 * ```
 */
export function SolidAuth(config: AuthConfigInput): SolidAuthHandlers {
  // SolidStart's request is a Web Request: the body is unread and the engine parses it itself.
  const handle = (event: SolidAuthEvent): Promise<Response> => Auth(event.request, config);
  return { GET: handle, POST: handle };
}
