/** The server face's call for a Fastify request. */
import { requestOrigin, type ServerCall } from "@portcullis/core";
import type { FastifyRequest } from "fastify";

/**
 * The server face's call for a Fastify request: its cookies, and the origin Fastify resolved (it
 * already judged the proxy headers under `trustProxy`). Undefined when the Host is unusable.
 *
 * @param request The Fastify request.
 * @returns The call for `session`, `listSessions`, `getAccessToken`..., or undefined.
 * @example
 * ```ts
 * const call = serverCall(request)
 * const session = call ? (await createAuth(config).session(call)).session : null
 * ```
 */
export function serverCall(request: FastifyRequest): ServerCall | undefined {
  const origin = requestOrigin(request.protocol, request.host);
  if (origin === undefined) return undefined;
  const { cookie } = request.headers;
  return { headers: cookie ? { cookie } : {}, origin };
}
