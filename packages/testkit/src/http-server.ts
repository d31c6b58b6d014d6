import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/** A running loopback HTTP server started by {@link serve}. */
export interface ServedApp {
  /** Origin of the server, `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** Port chosen by the operating system at start. */
  port: number;
  /** Stops accepting connections, drops idle keep-alive sockets and resolves once the server is closed. */
  close(): Promise<void>;
}

/**
 * Serves a Web-standard `(Request) => Promise<Response>` handler over node:http on 127.0.0.1 with a port
 * chosen at run time, so tests and the demo can put any fetch-style handler behind a real socket.
 * Requests keep their method, every header (repeated ones included) and a streamed body; responses keep
 * their status, every header with each `Set-Cookie` sent as its own header line, and their body.
 *
 * @param handler Answers each request; if it throws, the client gets a bare 500 and the error is printed.
 * @returns The server's URL and port, and a `close()` to stop it.
 * @throws When the socket cannot be bound.
 * @example
 * const app = await serve(async (request) => new Response(new URL(request.url).pathname));
 * const body = await (await fetch(`${app.url}/hello`)).text(); // "/hello"
 * await app.close();
 */
export async function serve(handler: (req: Request) => Promise<Response>): Promise<ServedApp> {
  const server = createServer((req, res) => {
    respond(handler, req, res).catch((error: unknown) => {
      // A failure after the head went out (a broken body stream) can only end the connection.
      console.error("serve(): request failed", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from fetch() would otherwise hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}

async function respond(
  handler: (req: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const response = await handler(toRequest(req));
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers[name] = value;
  }
  // Cookies must stay separate header lines: joining them with commas breaks their Expires dates.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  if (response.body === null || req.method === "HEAD") {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  // rawHeaders keeps repeated headers (several Cookie or custom lines) that req.headers would merge.
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const host = req.headers.host ?? `127.0.0.1:${req.socket.localPort}`;
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (hasBody) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    // Streaming request bodies need half-duplex mode in undici's Request.
    init.duplex = "half";
  }
  return new Request(new URL(req.url ?? "/", `http://${host}`), init);
}
