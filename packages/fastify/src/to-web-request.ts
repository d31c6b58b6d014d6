import { headersFromNode, lazyRequest, requestOrigin } from "@portcullis/core";
import type { FastifyRequest } from "fastify";

// Fastify has already applied these under its `trustProxy` option (request.protocol, request.host);
// passed on, the core would apply them again whether or not the proxy is trusted.
// The length headers describe the bytes on the wire, and the body is passed on as decoded text.
const DROPPED = new Set(["x-forwarded-host", "x-forwarded-proto", "content-length", "transfer-encoding"]);

/**
 * The Web Request the core reads for a Fastify request: URL from `request.protocol`,
 * `request.host` (both governed by Fastify's `trustProxy`) and `request.url`, every other header,
 * and the body as the raw text {@link FastifyAuth}'s content-type parser kept. The Request is the
 * core's lazy one: headers are copied on first use, and undici's Request is built only if
 * something asks for more than method, URL, headers and body.
 *
 * @param request The Fastify request, its body a string or absent.
 * @returns A Web Request, or `undefined` when the host is unusable (see {@link requestOrigin}).
 * @example
 * ```ts
 * const webRequest = toWebRequest(request)
 * const response = webRequest ? await Auth(webRequest, config) : undefined
 * ```
 */
export function toWebRequest(request: FastifyRequest): Request | undefined {
  const origin = requestOrigin(request.protocol, request.host);
  if (origin === undefined) return undefined;
  const headers = () => headersFromNode(request.headers, DROPPED);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && typeof request.body === "string";
  return lazyRequest({
    url: `${origin}${request.url}`,
    method: request.method,
    headers,
    body: hasBody ? (request.body as string) : undefined,
  });
}
