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

import { isHeaderName, isPlainHeaderValue } from "./header-syntax";

const encoder = new TextEncoder();

/** Header fields in the order they were given, names as written: `[name, value]`. */
export type HeaderFields = ReadonlyArray<readonly [name: string, value: string]>;

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

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
  /**
   * Fields and Set-Cookie values not yet copied into the Response's own Headers. undici's Headers
   * converts and checks every value character by character (a session cookie is some 600), and a
   * Node writer would then copy them all out again: the writer takes them from here instead, and
   * the Headers is filled only when someone reads `headers`.
   */
  #pending: { fields: HeaderFields; cookies: readonly string[] } | undefined;

  constructor(text: string | null, init: ResponseInit, fields: HeaderFields, cookies: readonly string[]) {
    super(null, init);
    this.#text = text;
    if (fields.length === 0 && cookies.length === 0) return;
    // What Headers would refuse or rewrite goes through it now, so a bad value still throws here.
    // A cookie from serializeCookie can only differ by a trailing blank (a Path ending in one).
    const plain =
      fields.every(([name, value]) => isHeaderName(name) && isPlainHeaderValue(value)) &&
      cookies.every((cookie) => !isBlank(cookie.charCodeAt(cookie.length - 1)));
    this.#pending = { fields, cookies };
    if (!plain) this.#fill();
  }

  #fill(): void {
    const pending = this.#pending;
    if (pending === undefined) return;
    this.#pending = undefined;
    const headers = super.headers;
    for (const [name, value] of pending.fields) headers.append(name, value);
    for (const cookie of pending.cookies) headers.append("Set-Cookie", cookie);
  }

  override get headers(): Headers {
    this.#fill();
    return super.headers;
  }

  /** The fields as Node writes them, or undefined once `headers` has been read (see nodeFields). */
  nodeFields(): Record<string, string | string[]> | undefined {
    const pending = this.#pending;
    return pending === undefined ? undefined : nodeRecord(pending.fields, pending.cookies);
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
    return new MemoryResponse(this.#text, this, [], []);
  }
}

const memoryBodies = isNode();

/** Header names lowercased, remembered up to a bound: the core's answers use a few names over and over. */
const lowercaseNames = new Map<string, string>();

function lowerName(name: string): string {
  let key = lowercaseNames.get(name);
  if (key === undefined) {
    key = name.toLowerCase();
    if (lowercaseNames.size < 64) lowercaseNames.set(name, key);
  }
  return key;
}

/**
 * Fields as the record `nodeHeadersOf` gives for a Headers holding them: names lowercased and in
 * Headers' sorted order, repeated names joined as Headers joins them, Set-Cookie kept one per entry.
 */
function nodeRecord(fields: HeaderFields, setCookies: readonly string[]): Record<string, string | string[]> {
  const joined: Record<string, string> = {};
  const names: string[] = [];
  let cookies: string[] | undefined = setCookies.length > 0 ? [...setCookies] : undefined;
  for (const [name, value] of fields) {
    const key = lowerName(name);
    if (key === "set-cookie") {
      cookies ??= [];
      cookies.push(value);
    } else if (Object.hasOwn(joined, key)) {
      joined[key] += key === "cookie" ? `; ${value}` : `, ${value}`;
    } else {
      joined[key] = value;
      names.push(key);
    }
  }
  // Insertion sort: an answer has a handful of names, and Array#sort's generic comparison costs
  // more than the sorting does here.
  for (let i = 1; i < names.length; i++) {
    const name = names[i]!;
    let j = i - 1;
    for (; j >= 0 && names[j]! > name; j--) names[j + 1] = names[j]!;
    names[j + 1] = name;
  }
  const record: Record<string, string | string[]> = {};
  for (const name of names) record[name] = joined[name]!;
  if (cookies !== undefined) record["set-cookie"] = cookies;
  return record;
}

/**
 * The headers of one of the core's in-memory answers as `nodeHeadersOf` writes them, taken from
 * the fields it was made with, without building or reading its `Headers`.
 *
 * @param response Any Response.
 * @returns The record, or undefined when the response is not such an answer or its `headers` has
 * been read (it may have been changed since).
 * @example
 * ```ts
 * const record = memoryHeadersOf(response) ?? nodeHeadersOf(response)
 * ```
 */
export function memoryHeadersOf(response: Response): Record<string, string | string[]> | undefined {
  return response instanceof MemoryResponse ? response.nodeFields() : undefined;
}

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
 * A Response with a string body, or none: on Node one that streams the body only on demand and
 * copies `fields` and `setCookies` into its Headers only when they are read, elsewhere a plain one.
 *
 * @param text The body; `null` for none.
 * @param init Status and headers.
 * @param fields More header fields, appended in order after `init`'s.
 * @param setCookies Set-Cookie values, appended last; only what `serializeCookie` made, which is
 * trusted to be a valid header value.
 * @returns The response.
 * @throws TypeError for a header name or value that `Headers` refuses.
 * @example
 * ```ts
 * const response = textResponse('{"ok":true}', { status: 200 }, [["Content-Type", "application/json"]]);
 * await response.json(); // { ok: true }
 * ```
 */
export function textResponse(
  text: string | null,
  init: ResponseInit,
  fields: HeaderFields = [],
  setCookies: readonly string[] = [],
): Response {
  if (memoryBodies) return new MemoryResponse(text, init, fields, setCookies);
  const response = new Response(text, init);
  for (const [name, value] of fields) response.headers.append(name, value);
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}
