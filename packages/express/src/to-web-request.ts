import { Readable } from "node:stream";
import { headersFromNode, lazyRequest, requestOrigin } from "@portcullis/core";
import type { Request as ExpressRequest } from "express";
import { hostOf } from "./request-origin";

// Express has already applied these under its `trust proxy` setting (req.protocol, req.host);
// passed on, the core would apply them again whether or not the proxy is trusted.
const PROXY_HEADERS = new Set(["x-forwarded-host", "x-forwarded-proto"]);
// The length headers describe the bytes on the wire: wrong once a parsed body is serialised again.
const PROXY_AND_LENGTH_HEADERS = new Set([...PROXY_HEADERS, "content-length", "transfer-encoding"]);

/**
 * The Web Request the core reads for an Express request: URL from `req.protocol` and the host (both
 * governed by Express's `trust proxy`) and `req.originalUrl`. A body a parser already read
 * (`express.urlencoded()`, `express.json()`) is serialised again in its content type; otherwise
 * the raw body is streamed, so the core's size limit applies before anything is buffered. The
 * Request is the core's lazy one: headers are copied on first use, and undici's Request is built
 * only if something asks for more than method, URL, headers and body.
 *
 * @param req The Express request.
 * @returns A Web Request, or `undefined` when the host is unusable (see {@link requestOrigin}).
 * @example
 * ```ts
 * const request = toWebRequest(req)
 * const response = request ? await Auth(request, config) : undefined
 * ```
 */
export function toWebRequest(req: ExpressRequest): Request | undefined {
  const origin = requestOrigin(req.protocol, hostOf(req));
  if (origin === undefined) return undefined;
  const parsed = req.body !== undefined;
  const headers = () => headersFromNode(req.headers, parsed ? PROXY_AND_LENGTH_HEADERS : PROXY_HEADERS);
  let body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined;
  if (req.method !== "GET" && req.method !== "HEAD") {
    body = parsed
      ? serialise(req.body, req.headers["content-type"])
      : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  }
  return lazyRequest({ url: `${origin}${req.originalUrl}`, method: req.method, headers, body });
}

function serialise(body: unknown, contentType: string | undefined): string | Uint8Array<ArrayBuffer> {
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return new Uint8Array(body);
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return JSON.stringify(body);
  return new URLSearchParams(body as Record<string, string>).toString();
}
