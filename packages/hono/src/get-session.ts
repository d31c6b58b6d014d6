import { type AuthConfig, createAuth, type Session } from "@portcullis/core";
import type { Context } from "hono";

/**
 * The session of a Hono request, for protecting routes outside the auth handler, read by the
 * engine's server face from the request's cookies and (under `trustHost`) its X-Forwarded-Host and
 * X-Forwarded-Proto: `null` without a session, for an invalid or tampered cookie, or when the
 * configuration cannot be read (logged). Sets no cookies: reading here does not extend the session.
 *
 * @param c The Hono context of the request.
 * @param config The same configuration as given to {@link HonoAuth}.
 * @returns The session, or `null`. Does not throw.
 * @example
 * ```ts
 * app.get("/me", async (c) => {
 *   const session = await getSession(c, config)
 *   return session ? c.json(session.user) : c.json(null, 401)
 * })
 * ```
 */
export async function getSession(c: Context, config: AuthConfig): Promise<Session | null> {
  const request = c.req.raw;
  const { session } = await createAuth(config).session({
    headers: request.headers,
    origin: new URL(request.url).origin,
    extend: false,
  });
  return session;
}
