/**
 * A round-robin HTTP proxy on loopback, standing in for the load balancer in front of several
 * server processes: each request goes to the next backend in turn, so a test that sends one
 * browser's requests through it proves the processes share their state.
 *
 * @module
 */
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/** A running {@link startRoundRobinProxy}. */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:PORT`: where clients send their requests. */
  origin: string;
  /**
   * The header naming which backend (its index in `backends`) answered a request, added to every
   * response so a test can check that consecutive requests reached different processes.
   */
  readonly backendHeader: "x-backend";
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 (a free port) that forwards each request to the next of `backends`
 * in turn, method, path, headers and body unchanged (the Host header too, so the apps see the
 * proxy's origin, as behind a real load balancer), and streams the answer back with an
 * `x-backend` header. A backend that cannot be reached is answered with 502.
 *
 * @param backends The backends' origins, e.g. `["http://127.0.0.1:4001", "http://127.0.0.1:4002"]`.
 * @returns The running proxy.
 * @example
 * ```ts
 * const proxy = await startRoundRobinProxy(["http://127.0.0.1:4001", "http://127.0.0.1:4002"])
 * const client = new TestClient((request) => fetch(request, { redirect: "manual" }), proxy.origin)
 * await proxy.close()
 * ```
 */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  if (backends.length === 0) throw new Error("A round-robin proxy needs at least one backend.");
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % backends.length;
    const target = new URL(incoming.url ?? "/", backends[index]);
    const forwarded = httpRequest(
      target,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-backend": String(index) });
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502, { "x-backend": String(index) }).end("Bad gateway.");
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    backendHeader: "x-backend",
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
