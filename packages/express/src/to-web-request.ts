import { Readable } from "node:stream";
import { requestOrigin } from "@portcullis/core";
import type { Request as ExpressRequest } from "express";

// Express has already applied these under its `trust proxy` setting (req.protocol, req.host);
// passed on, the core would apply them again whether or not the proxy is trusted.
const PROXY_HEADERS = new Set(["x-forwarded-host", "x-forwarded-proto"]);
// Describe the bytes on the wire; wrong once a parsed body is serialised again.
const LENGTH_HEADERS = new Set(["content-length", "transfer-encoding"]);

/**
 * The Web Request the core reads for an Express request: URL from `req.protocol`, `req.host` (both
 * governed by Express's `trust proxy`) and `req.originalUrl`. A body a parser already read
 * (`express.urlencoded()`, `express.json()`) is serialised again in its content type; otherwise
 * the raw body is streamed, so the core's size limit applies before anything is buffered.
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
  const origin = requestOrigin(req.protocol, req.host);
  if (origin === undefined) return undefined;
  const parsed = req.body !== undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || PROXY_HEADERS.has(name) || (parsed && LENGTH_HEADERS.has(name))) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (parsed) init.body = serialise(req.body, headers.get("content-type"));
    else {
      init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      // Node's Request takes a stream body only in half-duplex mode.
      init.duplex = "half";
    }
  }
  return new Request(`${origin}${req.originalUrl}`, init);
}

function serialise(body: unknown, contentType: string | null): string | Uint8Array<ArrayBuffer> {
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return new Uint8Array(body);
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return JSON.stringify(body);
  return new URLSearchParams(body as Record<string, string>).toString();
}
