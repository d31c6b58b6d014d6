import { type AuthConfig, type Session, sessionAt } from "@portcullis/core";
import type { FastifyRequest } from "fastify";

/**
 * The session of a Fastify request, for protecting routes outside the auth plugin. Asks the core's
 * session action with the request's cookies and answers `null` for anything but a 200 JSON object:
 * no session, an invalid or tampered cookie, an unusable Host, or a configuration error (whose 500
 * body is never taken for a session). Sets no cookies: reading here does not extend the session.
 *
 * @param request The Fastify request; its protocol and host follow Fastify's `trustProxy`.
 * @param config The same configuration as given to {@link FastifyAuth}.
 * @returns The session, or `null`. Does not throw.
 * @example
 * ```ts
 * app.get("/me", async (request, reply) => {
 *   const session = await getSession(request, config)
 *   return session ? session.user : reply.status(401).send(null)
 * })
 * ```
 */
export async function getSession(request: FastifyRequest, config: AuthConfig): Promise<Session | null> {
  // The framework already judged the proxy headers (trust proxy): its protocol and host are the origin.
  return sessionAt(request.protocol, request.host, request.headers.cookie, config);
}
