import { type AuthConfig, createAuth, type Session } from "@portcullis/core";
import type { FastifyRequest } from "fastify";
import { serverCall } from "./server-call";

/**
 * The session of a Fastify request, for protecting routes outside the auth plugin. Asks the core's
 * engine of the configuration (the same one the auth routes use) with the request's cookies and
 * answers `null` for no session, an invalid or tampered cookie, an unusable Host, or a
 * configuration error. Sets no cookies: reading here does not extend the session.
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
  const call = serverCall(request);
  return call ? (await createAuth(config).session({ ...call, extend: false })).session : null;
}
