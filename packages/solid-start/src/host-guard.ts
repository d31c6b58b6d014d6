import type { IncomingMessage, ServerResponse } from "node:http";
import { requestOrigin } from "@portcullis/core";

/** What the guard reads of h3's event (SolidStart 1.x's server layer): the Node request and response. */
export interface NodeEvent {
  node: { req: IncomingMessage; res: ServerResponse };
}

/**
 * Request middleware answering 400 `"Bad request."` to a request whose Host header is not a plain
 * `host[:port]` (`a b`, `[::1`). SolidStart 1.x (h3) builds every request's URL from that header
 * before any route or `createMiddleware` handler runs, and answers such a request with a 500 on
 * every route; the other integrations answer it 400, as the core does, by the core's own rule
 * (`requestOrigin`). Ending the response marks h3's event handled, so no route runs after it. Raw
 * h3 middleware, not `createMiddleware`, because that one builds the URL too.
 *
 * @param event h3's event, as SolidStart's `middleware` file hands it over.
 * @throws Never. A request without Host (HTTP/1.0) passes: h3 then uses `localhost`.
 * @example
 * ```ts
 * // app.config.ts: defineConfig({ middleware: "./src/middleware.ts" })
 * // src/middleware.ts
 * import { rejectMalformedHost } from "@portcullis/solid-start"
 * export default { onRequest: [rejectMalformedHost] }
 * ```
 */
export function rejectMalformedHost({ node: { req, res } }: NodeEvent): void {
  const host = req.headers.host;
  if (host === undefined || requestOrigin("http", host) !== undefined) return;
  res.writeHead(400, { "content-type": "application/json" });
  res.end(JSON.stringify("Bad request."));
}
