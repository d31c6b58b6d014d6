/**
 * The one node:http <-> Web Request/Response bridge every bench server runs behind, so that the
 * libraries differ only in their own handler and not in how requests reach them.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A fetch-style handler. */
export type Handler = (request: Request) => Promise<Response>;

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

function toRequest(req: IncomingMessage): Request | Promise<Request> {
  // Pairs straight from the raw headers: a Headers built here would be copied again by Request.
  const headers: [string, string][] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
    headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`).href;
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  // Bodies are small form posts: buffering them is simpler and cheaper than streaming.
  return readBody(req).then((body) => new Request(url, { method, headers, body }));
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
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * Serves `handler` over node:http on 127.0.0.1, on a port chosen at run time. Request bodies are
 * buffered before the handler runs and response bodies before they are written; a handler that
 * throws gets a bare 500.
 *
 * @param handler Answers every request.
 * @returns The port and a `close()`.
 * @throws When the socket cannot be bound.
 * @example
 * ```ts
 * const server = await listen(async () => Response.json({ ok: true }));
 * await fetch(`http://127.0.0.1:${server.port}/`);
 * await server.close();
 * ```
 */
export async function listen(handler: Handler): Promise<Listening> {
  const server = createServer((req, res) => {
    Promise.resolve(toRequest(req))
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
