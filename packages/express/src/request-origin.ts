/**
 * What Express 4 and 5 resolve differently, read the same way for both: the path the auth
 * routes are mounted at, and the origin (host with its port) the request was made to.
 */
import { requestOrigin, type ServerCall, webProtocol } from "@portcullis/core";
import type { Request as ExpressRequest } from "express";

/**
 * The mount path of the auth routes. `app.use("/auth", ...)` gives it as `req.baseUrl`; a
 * wildcard mount (`"/auth/*"` on Express 4, `"/auth/*splat"` on 5, as Auth.js's docs show) puts
 * the whole matched path there, and the wildcard's part in `req.params`, which is cut off.
 *
 * @param req The Express request.
 * @returns e.g. `/auth`.
 * @example
 * ```ts
 * // app.use("/auth/*", ExpressAuth(config)), GET /auth/callback/github
 * mountPath(req) // "/auth"
 * ```
 */
export function mountPath(req: ExpressRequest): string {
  const params = req.params as Record<string, unknown> | undefined;
  const splat = params?.splat ?? params?.[0];
  const rest = Array.isArray(splat) ? splat.join("/") : typeof splat === "string" ? splat : "";
  if (rest !== "" && req.baseUrl.endsWith(`/${rest}`)) return req.baseUrl.slice(0, -rest.length - 1);
  return req.baseUrl;
}

/**
 * The host the request was made to, port included: X-Forwarded-Host when Express's `trust proxy`
 * trusts the peer, else Host. Express 5's `req.host` is this; Express 4's drops the port, which
 * would send redirects to the wrong place behind a non-default port.
 *
 * @param req The Express request.
 * @returns The host, or undefined when the request has none.
 * @example
 * ```ts
 * hostOf(req) // "app.example:8443"
 * ```
 */
export function hostOf(req: ExpressRequest): string | undefined {
  const trust = req.app.get("trust proxy fn") as
    | ((address: string | undefined, hop: number) => boolean)
    | undefined;
  const forwarded = trust?.(req.socket.remoteAddress, 0) ? req.get("x-forwarded-host") : undefined;
  return forwarded?.split(",")[0]?.trim() || req.get("host");
}

/**
 * The origin the request was made to: `req.protocol` and {@link hostOf}, both under Express's
 * `trust proxy`. A forwarded protocol other than http or https is ignored for the connection's
 * own, as the core ignores it (see `webProtocol`).
 *
 * @param req The Express request.
 * @returns The origin, or undefined when the Host is unusable (see `requestOrigin`).
 * @example
 * ```ts
 * originOf(req) // "https://app.example:8443"
 * ```
 */
export function originOf(req: ExpressRequest): string | undefined {
  return requestOrigin(webProtocol(req.protocol, req.socket), hostOf(req));
}

/**
 * The server face's call for an Express request: its cookies, and the origin Express resolved
 * (it already judged the proxy headers under `trust proxy`). Undefined when the Host is unusable.
 *
 * @param req The Express request.
 * @returns The call for `session`, `listSessions`, `getAccessToken`..., or undefined.
 * @example
 * ```ts
 * const call = serverCall(req)
 * const session = call ? (await createAuth(config).session(call)).session : null
 * ```
 */
export function serverCall(req: ExpressRequest): ServerCall | undefined {
  const origin = originOf(req);
  if (origin === undefined) return undefined;
  const { cookie } = req.headers;
  return { headers: cookie ? { cookie } : {}, origin };
}
