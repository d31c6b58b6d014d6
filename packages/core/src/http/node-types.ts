/**
 * The parts of Node's `http.IncomingMessage` and `http.ServerResponse` the Node glue uses, declared
 * structurally: the core imports nothing from `node:`, and Node's own objects (and Express's,
 * Fastify's raw ones) fit these shapes as they are.
 *
 * @module
 */

/** A listener of a Node event emitter, typed as Node types it, so Node's own objects fit. */
// biome-ignore lint/suspicious/noExplicitAny: Node's emitters take listeners of any arguments.
type Listener = (...args: any[]) => void;

/** A Node event emitter, as far as the glue listens. */
interface NodeEmitter<Self> {
  on(event: string, listener: Listener): Self;
  once(event: string, listener: Listener): Self;
  off(event: string, listener: Listener): Self;
}

/** What the glue reads of an incoming message: its request line, headers and body stream. */
export interface NodeIncomingMessage extends NodeEmitter<NodeIncomingMessage> {
  method?: string;
  url?: string;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly readableDidRead: boolean;
  readonly readableEnded: boolean;
  pause(): NodeIncomingMessage;
  resume(): NodeIncomingMessage;
}

/** What the glue writes to a server response. */
export interface NodeServerResponse extends NodeEmitter<NodeServerResponse> {
  readonly req?: NodeIncomingMessage;
  readonly destroyed: boolean;
  readonly writableFinished: boolean;
  writeHead(status: number, headers: Record<string, string | string[]>): NodeServerResponse;
  write(chunk: Uint8Array): boolean;
  end(chunk?: Uint8Array | string): NodeServerResponse;
  destroy(): void;
}
