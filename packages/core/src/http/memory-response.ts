/**
 * Responses whose body stays a string until someone asks for a stream.
 *
 * Node's `Response` (undici) wraps every body in a ReadableStream when it is constructed, and a
 * Node server then reads that stream back: on a small JSON answer the two cost several times
 * what the rest of a session request does (about 50 microseconds against 15 for the whole of a
 * bare `node:http` answer, measured in bench/). Our bodies are short strings already in memory,
 * so on Node we keep them as strings: `text()`, `json()` and `arrayBuffer()` answer from the
 * string, and the stream is made only when `body` is read. Everything is public `Response` API,
 * so any Node consumer (node:http bridges, Next.js, SvelteKit, Hono's node server) sees the same
 * body.
 *
 * Native runtimes (Bun, Deno, Cloudflare's workerd) send a Response from its internal body slot,
 * not through these getters, so there a plain Response is built: the detection below is by
 * runtime, done once.
 */

const encoder = new TextEncoder();

/** The globals that tell runtimes apart. @internal */
export interface RuntimeScope {
  navigator?: { userAgent?: string };
  process?: { versions?: Record<string, string | undefined> };
  Deno?: unknown;
}

/** True where `Response` is Node's own (undici), read only through its public API. @internal */
export function isNode(scope: RuntimeScope = globalThis as RuntimeScope): boolean {
  // Node 21+, Bun, Deno and workerd name themselves here; Node 20 has no navigator.
  const agent = scope.navigator?.userAgent;
  if (typeof agent === "string") return agent.startsWith("Node.js/");
  const versions = scope.process?.versions;
  return typeof versions?.node === "string" && versions.bun === undefined && scope.Deno === undefined;
}

function unusable(): TypeError {
  return new TypeError("Body is unusable: Body has already been read");
}

/**
 * A Response holding a string body, or none (`null`, for redirects). A string is handed over
 * once: whole, by `text()`, `json()` or `arrayBuffer()`, or as a stream from `body`, which is made
 * when first asked for and pulls the string only when read (so a consumer that merely checks
 * `body` still gets the fast read). Without a body, `body` is null and every read answers empty,
 * as often as asked, as Response does.
 */
class MemoryResponse extends Response {
  readonly #text: string | null;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;
  #read = false;

  constructor(text: string | null, init: ResponseInit) {
    super(null, init);
    this.#text = text;
  }

  /** The body as a string, once; later calls, or calls while a reader holds the stream, fail. */
  #take(): Promise<string> {
    if (this.#text === null) return Promise.resolve("");
    if (this.#read || this.#stream?.locked) return Promise.reject(unusable());
    this.#read = true;
    return Promise.resolve(this.#text);
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    const text = this.#text;
    if (text === null) return null;
    this.#stream ??= new ReadableStream(
      {
        pull: (controller) => {
          if (!this.#read) {
            this.#read = true;
            controller.enqueue(encoder.encode(text));
          }
          controller.close();
        },
      },
      // No read-ahead: the string is pulled only by a read, so `bodyUsed` stays honest.
      { highWaterMark: 0 },
    );
    return this.#stream;
  }

  override get bodyUsed(): boolean {
    return this.#read;
  }

  override text(): Promise<string> {
    return this.#take();
  }

  override json(): Promise<unknown> {
    return this.#take().then((text) => JSON.parse(text));
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#text === null) return Promise.resolve(new ArrayBuffer(0));
    return this.#take().then((text) => {
      const bytes = encoder.encode(text);
      // encode() normally returns a view of a buffer of exactly its length; copy when not.
      return bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
    });
  }

  override blob(): Promise<Blob> {
    return this.#take().then((text) => new Blob([text], { type: this.headers.get("Content-Type") ?? "" }));
  }

  override formData(): Promise<FormData> {
    return this.#take().then((text) => new Response(text, this).formData());
  }

  override clone(): Response {
    if (this.#read || this.#stream?.locked) throw unusable();
    return new MemoryResponse(this.#text, this);
  }
}

const memoryBodies = isNode();

/**
 * Whether a Response keeps its body in memory as a string (see the module comment), so a writer
 * can read it whole without building a stream for it.
 *
 * @param response Any Response.
 * @returns True for the core's in-memory answers on Node.
 * @example
 * ```ts
 * isMemoryResponse(textResponse("{}", {})) // true on Node
 * ```
 */
export function isMemoryResponse(response: Response): boolean {
  return response instanceof MemoryResponse;
}

/**
 * A Response with a string body, or none: on Node one that streams the body only on demand,
 * elsewhere a plain one.
 *
 * @param text The body; `null` for none.
 * @param init Status and headers.
 * @returns The response.
 * @example
 * ```ts
 * const response = textResponse('{"ok":true}', { headers: { "Content-Type": "application/json" } });
 * await response.json(); // { ok: true }
 * ```
 */
export function textResponse(text: string | null, init: ResponseInit): Response {
  return memoryBodies ? new MemoryResponse(text, init) : new Response(text, init);
}
