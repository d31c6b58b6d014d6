/** The origin of a Fastify request, and the server face's call for it. */
import { requestOrigin, type ServerCall, webProtocol } from "@portcullis/core";
import type { FastifyRequest } from "fastify";

/**
 * The origin the request was made to: `request.protocol` and `request.host`, both under Fastify's
 * `trustProxy`. A forwarded protocol other than http or https is ignored for the connection's own,
 * as the core ignores it (see `webProtocol`).
 *
 * @param request The Fastify request.
 * @returns The origin, or undefined when the Host is unusable (see `requestOrigin`).
 * @example
 * ```ts
 * originOf(request) // "https://app.example:8443"
 * ```
 */
export function originOf(request: FastifyRequest): string | undefined {
  return requestOrigin(webProtocol(request.protocol, request.raw.socket), request.host);
}

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
  const origin = originOf(request);
  if (origin === undefined) return undefined;
  const { cookie } = request.headers;
  return { headers: cookie ? { cookie } : {}, origin };
}
