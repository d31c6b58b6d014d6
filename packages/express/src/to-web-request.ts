import { requestFromNode } from "@portcullis/core/node";
import type { Request as ExpressRequest } from "express";
import { originOf } from "./request-origin";

// Express has already applied these under its `trust proxy` setting (req.protocol, req.host);
// passed on, the core would apply them again whether or not the proxy is trusted.
const PROXY_HEADERS = new Set(["x-forwarded-host", "x-forwarded-proto"]);

/**
 * The Web Request the core reads for an Express request: URL from `req.protocol` and the host (both
 * governed by Express's `trust proxy`, the host read alike on Express 4 and 5, see `originOf`) and
 * `req.originalUrl`. A body a parser already read (`express.urlencoded()`, `express.json()`) is
 * passed on as it left it; otherwise the raw body is streamed, so the core's size limit applies
 * before anything is buffered (see `requestFromNode`).
 *
 * @param req The Express request.
 * @returns A Web Request, or `undefined` when the host is unusable (see `requestOrigin`).
 * @example
 * ```ts
 * const request = toWebRequest(req)
 * const response = request ? await Auth(request, config) : undefined
 * ```
 */
export function toWebRequest(req: ExpressRequest): Request | undefined {
  const origin = originOf(req);
  if (origin === undefined) return undefined;
  return requestFromNode(req, {
    origin,
    target: req.originalUrl,
    omitHeaders: PROXY_HEADERS,
    parsedBody: req.body,
  });
}
