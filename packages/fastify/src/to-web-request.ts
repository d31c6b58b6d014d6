import { requestFromNode } from "@portcullis/core/node";
import type { FastifyRequest } from "fastify";
import { originOf } from "./server-call";

// Fastify has already applied these under its `trustProxy` option (request.protocol, request.host);
// passed on, the core would apply them again whether or not the proxy is trusted.
const PROXY_HEADERS = new Set(["x-forwarded-host", "x-forwarded-proto"]);

/**
 * The Web Request the core reads for a Fastify request: URL from `request.protocol`,
 * `request.host` (both governed by Fastify's `trustProxy`, see `originOf`) and `request.url`,
 * every other header, and the body as the raw text {@link FastifyAuth}'s content-type parser kept
 * (see `requestFromNode`).
 *
 * @param request The Fastify request, its body a string or absent.
 * @returns A Web Request, or `undefined` when the host is unusable (see `requestOrigin`).
 * @example
 * ```ts
 * const webRequest = toWebRequest(request)
 * const response = webRequest ? await Auth(webRequest, config) : undefined
 * ```
 */
export function toWebRequest(request: FastifyRequest): Request | undefined {
  const origin = originOf(request);
  if (origin === undefined) return undefined;
  return requestFromNode(request.raw, {
    origin,
    target: request.url,
    omitHeaders: PROXY_HEADERS,
    parsedBody: typeof request.body === "string" ? request.body : undefined,
  });
}
