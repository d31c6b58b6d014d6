/**
 * The one node:http <-> Web Request/Response bridge every bench server runs behind, so that the
 * libraries differ only in their own handler and not in how requests reach them. By default each
 * handler gets the core's lazy Request (`requestFromNode` from `@portcullis/core/node`, whose
 * `responseToNode` also writes every answer); `--bridge=request` gives it undici's own, built in
 * full for every request.
 *
 * @module
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
// The core's Node glue from its built package (`@portcullis/core/node`, a few kB; importing
// "@portcullis/core" would load all of Portcullis into Auth.js's server process too). Not a copy
// compiled into the bridge: the glue recognises the core's in-memory responses by their class,
// and a second copy of that class would recognise none of Portcullis's, making every answer
// build and drain a body stream that no app on the published packages pays for.
import { requestFromNode, responseToNode } from "@portcullis/core/node";

/** A fetch-style handler. */
export type Handler = (request: Request) => Promise<Response>;

/**
 * What a handler is given: `lazy`, the bridge's stand-in, which builds a real Request only when
 * asked for more than method, URL, headers and body (`requestFromNode`, the one Portcullis's
 * Express and Fastify integrations use); `request`, undici's `Request`, built in full for every
 * request, as adapters that hand the app one do.
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

function toRequest(req: IncomingMessage, kind: RequestKind): Request {
  const lazy = requestFromNode(req, { origin: `http://${req.headers.host ?? "127.0.0.1"}` });
  if (kind === "lazy") return lazy;
  const init = { method: lazy.method, headers: lazy.headers, body: lazy.body, duplex: "half" };
  return new Request(lazy.url, init as RequestInit);
}

/**
 * Serves `handler` over node:http on 127.0.0.1, on a port chosen at run time, through the core's
 * Node glue (`requestFromNode`, `responseToNode`): request bodies are read when the handler reads
 * them, up to the core's size limit; a handler that throws gets a bare 500.
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
  const server = createServer(async (req, res) => {
    try {
      await responseToNode(res, await handler(toRequest(req, kind)));
    } catch (error) {
      console.error("bench bridge: request failed", error);
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end();
    }
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
