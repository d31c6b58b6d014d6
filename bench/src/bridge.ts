/**
 * The one node:http <-> Web Request/Response bridge every bench server runs behind, so that the
 * libraries differ only in their own handler and not in how requests reach them. By default each
 * handler gets a lazy Request (`lazyRequest` from the core); `--bridge=request` gives it undici's
 * own, built in full for every request.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
// The core's module itself, compiled into the bridge: importing "@portcullis/core" would load all
// of Portcullis into Auth.js's server process too.
import { lazyRequest } from "../../packages/core/src/http/lazy-request";

/** A fetch-style handler. */
export type Handler = (request: Request) => Promise<Response>;

/**
 * What a handler is given: `lazy`, the bridge's stand-in, which builds a real Request only when
 * asked for more than method, URL, headers and body (`lazyRequest`, the one Portcullis's Express
 * and Fastify integrations use); `request`, undici's
 * `Request`, built in full for every request, as adapters that hand the app one do.
 */
export type RequestKind = "lazy" | "request";

/** Every {@link RequestKind}, for parsing and messages. */
export const REQUEST_KINDS: readonly RequestKind[] = ["lazy", "request"];

/** A server started by {@link listen}. */
export interface Listening {
  /** The port the operating system chose on 127.0.0.1. */
  port: number;
  /** Stops the server, dropping keep-alive connections. */
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  // Events rather than `for await`: the async iterator costs more than these small bodies.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", reject);
    // Buffer.concat always allocates a plain (not shared) ArrayBuffer.
    req.once("end", () => resolve(Buffer.concat(chunks) as Uint8Array<ArrayBuffer>));
  });
}

/** The message's headers, from the raw pairs (which keep repeated headers apart). */
function pairsOf(rawHeaders: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return pairs;
}

/** The message's headers, appended one by one: cheaper than `new Headers(pairs)`. */
function headersOf(rawHeaders: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) headers.append(rawHeaders[i]!, rawHeaders[i + 1]!);
  return headers;
}

function makeRequest(kind: RequestKind, req: IncomingMessage, url: string, body?: Uint8Array<ArrayBuffer>) {
  const method = req.method ?? "GET";
  if (kind === "lazy") return lazyRequest({ url, method, headers: () => headersOf(req.rawHeaders), body });
  // Pairs straight to Request: a Headers built here would be copied again by Request.
  return new Request(url, { method, headers: pairsOf(req.rawHeaders), body });
}

function toRequest(req: IncomingMessage, kind: RequestKind): Request | Promise<Request> {
  const method = req.method ?? "GET";
  const target = req.url ?? "/";
  const base = `http://${req.headers.host ?? "127.0.0.1"}`;
  // An origin-form target (every request a browser sends a server) joins its origin as is.
  const url = target.startsWith("/") ? `${base}${target}` : new URL(target, base).href;
  if (method === "GET" || method === "HEAD") return makeRequest(kind, req, url);
  // Bodies are small form posts: buffering them is simpler and cheaper than streaming.
  return readBody(req).then((body) => makeRequest(kind, req, url, body));
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  // Each cookie is its own header line: joined with commas their Expires dates would break.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // Read whole with arrayBuffer(), as most adapters do (an absent body reads as empty), without
  // asking for `response.body` first: that getter is where a stream gets built.
  const bytes = await response.arrayBuffer();
  const body = bytes.byteLength === 0 ? undefined : Buffer.from(bytes);
  // The whole body is in hand, so its length is known: no chunked framing around it (204 and
  // 304 may carry no length).
  if (response.status !== 204 && response.status !== 304)
    headers["content-length"] = String(bytes.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * Serves `handler` over node:http on 127.0.0.1, on a port chosen at run time. Request bodies are
 * buffered before the handler runs and response bodies before they are written; a handler that
 * throws gets a bare 500.
 *
 * @param handler Answers every request.
 * @param kind What the handler is given as its request (default `lazy`).
 * @returns The port and a `close()`.
 * @throws When the socket cannot be bound.
 * @example
 * ```ts
 * const server = await listen(async () => Response.json({ ok: true }), "request");
 * await fetch(`http://127.0.0.1:${server.port}/`);
 * await server.close();
 * ```
 */
export async function listen(handler: Handler, kind: RequestKind = "lazy"): Promise<Listening> {
  const server = createServer((req, res) => {
    Promise.resolve(toRequest(req, kind))
      .then(handler)
      .then((response) => send(response, res))
      .catch((error: unknown) => {
        console.error("bench bridge: request failed", error);
        if (res.headersSent) res.destroy();
        else res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
