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

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  // Buffer.concat always allocates a plain (not shared) ArrayBuffer.
  return Buffer.concat(chunks) as Uint8Array<ArrayBuffer>;
}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  // Bodies are small form posts: buffering them is simpler and cheaper than streaming.
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
  return new Request(url, { method, headers, body });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  // Each cookie is its own header line: joined with commas their Expires dates would break.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
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
    toRequest(req)
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
