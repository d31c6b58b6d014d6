/**
 * A Node `IncomingMessage` as the Web Request the core reads: the URL on the origin the
 * integration resolved, headers read from Node's record, and the body either as a body parser already
 * left it or streamed from the message, read only when asked for and never past a size limit.
 *
 * It imports nothing from `node:` (see node-types.ts), so it loads on any runtime.
 */

import { type DeferredBody, lazyRequest } from "./lazy-request";
import { nodeHeadersView } from "./node-headers-view";
import type { NodeIncomingMessage } from "./node-types";
import { BadRequest, joinChunks, MAX_BODY_BYTES } from "./request";

/** How {@link requestFromNode} builds the Request. */
export interface NodeRequestOptions {
  /**
   * `protocol://host[:port]` as the integration resolved it (having judged any proxy headers),
   * e.g. from `requestOrigin(req.protocol, req.host)`.
   */
  origin: string;
  /**
   * The request target, path and query; `req.url` when absent. Express passes `req.originalUrl`,
   * which a mounted router has not cut. It is appended to `origin` as it is: a target that is not
   * a path (`http://other/x`, as sent to a proxy, or `*`) makes a URL the core answers with 400.
   */
  target?: string | undefined;
  /** Header names (lowercase) not to copy, e.g. proxy headers the framework has applied already. */
  omitHeaders?: ReadonlySet<string> | undefined;
  /**
   * What a body parser (`express.json()`, Fastify's content-type parser, ...) made of the body, if
   * one ran: a string or bytes are passed on as they are, an object is written again in its
   * content type (JSON, else a form); one that cannot be (JSON nested thousands deep) makes the
   * core answer 400, as to a malformed body. Used only when the message has been read; an untouched
   * message is streamed instead, so a parser that skipped this content type loses nothing.
   */
  parsedBody?: unknown;
  /**
   * Largest body streamed from the message, in bytes; a read past it fails with the core's 413
   * (`Auth` answers `"Payload too large."`). Defaults to the core's own limit, 64 KiB.
   */
  maxBodyBytes?: number | undefined;
}

// A re-serialised parsed body no longer matches the bytes these describe.
const LENGTH_HEADERS = ["content-length", "transfer-encoding"];

/**
 * Messages whose body was refused or left unread mid-way: their connection must close after the
 * answer, or Node would read (and throw away) the rest of a body that may never end.
 */
const cutOff = new WeakSet<NodeIncomingMessage>();

/**
 * Whether the body of this message was refused or abandoned by a Request from
 * {@link requestFromNode}, so its connection should not be kept alive.
 *
 * @param req The message, e.g. `res.req`.
 * @returns True when the rest of its body was left on the wire.
 * @example
 * ```ts
 * if (bodyWasCutOff(res.req)) res.setHeader("connection", "close")
 * ```
 */
export function bodyWasCutOff(req: NodeIncomingMessage | undefined): boolean {
  return req !== undefined && cutOff.has(req);
}

/**
 * The Web Request for a Node request (see {@link NodeRequestOptions}). GET and HEAD have no body.
 * Otherwise the body is what a parser left, or the message itself streamed lazily: nothing is
 * read until the Request's body is, and a body over `maxBodyBytes` (declared in Content-Length or
 * counted as chunks arrive) fails the read with the core's 413, so `Auth` answers 413 and nothing
 * large is ever buffered. The Request is the core's lazy one (see `lazyRequest`).
 *
 * @param req The message Node (or Express, or Fastify's `request.raw`) received.
 * @param options The origin, and optionally target, headers to omit, parsed body and size limit.
 * @returns A Request that is `instanceof Request`. Never throws.
 * @example
 * ```ts
 * import { Auth, type AuthConfig, requestOrigin } from "@portcullis/core"
 * import { requestFromNode, responseToNode } from "@portcullis/core/node"
 * import GitHub from "@portcullis/core/providers/github"
 *
 * const config: AuthConfig = { providers: [GitHub] }
 *
 * // In the request handler of a Node HTTP server, with its `req` and `res`:
 * const origin = requestOrigin("http", req.headers.host)
 * const response = origin
 *   ? await Auth(requestFromNode(req, { origin }), config)
 *   : Response.json("Bad request.", { status: 400 })
 * await responseToNode(res, response)
 * ```
 */
export function requestFromNode(req: NodeIncomingMessage, options: NodeRequestOptions): Request {
  const method = req.method ?? "GET";
  const url = `${options.origin}${options.target ?? req.url ?? "/"}`;
  const hasBody = method !== "GET" && method !== "HEAD";
  // A parser's result stands in for the body only once the parser has actually read the message.
  const parsed = hasBody && options.parsedBody !== undefined && (req.readableDidRead || req.readableEnded);
  let omit = options.omitHeaders ?? new Set<string>();
  if (parsed) omit = new Set([...omit, ...LENGTH_HEADERS]);
  // Read from Node's record: the core asks for a few names only (see nodeHeadersView).
  const headers = () => nodeHeadersView(req.headers, omit);
  let body: string | Uint8Array<ArrayBuffer> | DeferredBody | undefined;
  const type = req.headers["content-type"];
  if (parsed) body = parsedBody(options.parsedBody, typeof type === "string" ? type : undefined);
  else if (hasBody && !req.readableEnded) body = cappedBody(req, options.maxBodyBytes ?? MAX_BODY_BYTES);
  return lazyRequest({ url, method, headers, body });
}

/**
 * The parsed body written again, or, for a value that cannot be (JSON nested thousands deep, which
 * a parser's JSON.parse takes but JSON.stringify overflows the stack on), a body whose read fails
 * with the core's 400: a malformed body is the client's doing, answered as the core answers one.
 */
function parsedBody(
  body: unknown,
  contentType: string | undefined,
): string | Uint8Array<ArrayBuffer> | DeferredBody {
  try {
    return serialise(body, contentType);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failingBody(() => new BadRequest(`The body a parser read cannot be written again (${reason}).`));
  }
}

function serialise(body: unknown, contentType: string | undefined): string | Uint8Array<ArrayBuffer> {
  if (typeof body === "string") return body;
  // A copy: the parser's buffer may be a view of a larger, pooled one.
  if (body instanceof Uint8Array) return new Uint8Array(body);
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/json" || type?.endsWith("+json")) return JSON.stringify(body);
  return new URLSearchParams(body as Record<string, string>).toString();
}

function tooLarge(): BadRequest {
  return new BadRequest("The body is too large.", 413);
}

/** A body whose read, whole or as a stream, fails with the error `refusal` makes. */
function failingBody(refusal: () => BadRequest): DeferredBody {
  return {
    bytes: () => Promise.reject(refusal()),
    stream: () =>
      new ReadableStream({ pull: (controller) => controller.error(refusal()) }, { highWaterMark: 0 }),
  };
}

/**
 * The message's body, read when the request's body is: whole (the core reading a form) or as a
 * stream. Either reads nothing before it is asked and fails once more than `limit` bytes have
 * arrived, leaving the rest unread.
 */
function cappedBody(req: NodeIncomingMessage, limit: number): DeferredBody {
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) {
    // Refused before a byte is read: whoever reads this body gets the 413, the core straight
    // from the header.
    cutOff.add(req);
    return failingBody(tooLarge);
  }
  return { bytes: () => cappedBytes(req, limit), stream: () => cappedStream(req, limit) };
}

/** The whole body in one buffer, from Node's own events: no stream between. */
function cappedBytes(req: NodeIncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const detach = () => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    };
    const onData = (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > limit) {
        detach();
        req.pause();
        cutOff.add(req);
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      detach();
      resolve(joinChunks(chunks, size));
    };
    const onError = (error: Error) => {
      detach();
      reject(error);
    };
    // Closed before its end: the client went away mid-body.
    const onClose = () => onError(new Error("The request was aborted before its body ended."));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    req.resume();
  });
}

/** The body as a stream with no read-ahead: nothing is read until pulled. */
function cappedStream(req: NodeIncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  let listening = false;
  let settled = false;
  const detach = () => {
    settled = true;
    req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    req.pause();
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size > limit) {
      detach();
      cutOff.add(req);
      controller.error(tooLarge());
      return;
    }
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    detach();
    controller.close();
  };
  const onError = (error: Error) => {
    detach();
    controller.error(error);
  };
  // Closed before its end: the client went away mid-body.
  const onClose = () => {
    if (!settled) onError(new Error("The request was aborted before its body ended."));
  };
  return new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: () => {
        if (!listening) {
          listening = true;
          req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
        }
        req.resume();
      },
      cancel: () => {
        if (settled) return;
        detach();
        // Whoever read it stopped part-way: the rest stays on the wire.
        cutOff.add(req);
      },
    },
    { highWaterMark: 0 },
  );
}
