/**
 * A Request for a message a Node server has already parsed, that builds undici's `Request` only
 * when something needs one.
 *
 * Constructing a `Request` in Node 20 costs about 13 µs (a URL parse, every header validated into
 * a new list, an AbortSignal made transferable, a stream around the body): on a cheap auth answer
 * more than the core's own work. The core, and Auth.js-style libraries generally, read only
 * `method`, `url`, `headers` and the body. So a Node integration hands over this stand-in, as
 * `@hono/node-server` does for its apps: those four come from the parsed message, a body held in
 * memory is answered whole by `text()`, `json()`, `arrayBuffer()` and `bytes()`, and any other
 * member (`signal`, `clone()`, `formData()`, `cache`, ...) builds the real `Request` once and
 * forwards to it. `instanceof Request` holds, and a body can be read once, as with a Request.
 */

/** What a lazy request is made of. */
export interface LazyRequestParts {
  /** The absolute URL. */
  url: string;
  method: string;
  /** Builds the headers, on first use. */
  headers: () => Headers;
  /**
   * The body: in memory (bytes or text), a stream still to be read, a {@link DeferredBody}, or
   * none (`undefined`, as for GET and HEAD).
   */
  body?: Uint8Array<ArrayBuffer> | string | ReadableStream<Uint8Array> | DeferredBody | undefined;
}

/**
 * A body still to be read that can be taken whole without a stream, or opened as one; a request
 * calls one of the two, once. A whole read (`text()`, `formData()` by the core) then costs no
 * ReadableStream, which on Node is several times the work of reading a small form.
 */
export interface DeferredBody {
  /** Reads the whole body. */
  bytes(): Promise<Uint8Array<ArrayBuffer>>;
  /** The body as a stream, for a consumer that asks for `body` or a real Request. */
  stream(): ReadableStream<Uint8Array>;
}

function isDeferred(body: LazyRequestParts["body"]): body is DeferredBody {
  return typeof body === "object" && !(body instanceof Uint8Array) && !(body instanceof ReadableStream);
}

// Marked pure so that a bundler may drop them with the module when nothing imports it.
const encoder = /* @__PURE__ */ new TextEncoder();
const decoder = /* @__PURE__ */ new TextDecoder();
const parts = Symbol("lazy request parts");
const state = Symbol("lazy request state");

interface State {
  headers?: Headers;
  real?: Request;
  /** The stream handed out by `body`. */
  stream?: ReadableStream<Uint8Array>;
  /** A deferred body's stream, once it was opened instead of read whole. */
  opened?: ReadableStream<Uint8Array>;
  /** The body has been taken, whole or through the stream. */
  used: boolean;
}

interface LazyRequest extends Request {
  [parts]: LazyRequestParts;
  [state]: State;
}

function unusable(): TypeError {
  return new TypeError("Body is unusable: Body has already been read");
}

function isUsed(request: LazyRequest): boolean {
  const s = request[state];
  if (s.used) return true;
  if (s.real !== undefined) return s.real.bodyUsed;
  const given = s.opened ?? request[parts].body;
  return s.stream?.locked === true || (given instanceof ReadableStream && given.locked);
}

/** The body as given, a deferred one opened as a stream (once). */
function openedBody(request: LazyRequest): Exclude<LazyRequestParts["body"], DeferredBody> {
  const given = request[parts].body;
  if (!isDeferred(given)) return given;
  const s = request[state];
  s.opened ??= given.stream();
  return s.opened;
}

/**
 * The body as a stream, or null. Made on first use, with no read-ahead, so that only a read takes
 * the body (and marks it used): a caller that merely tests `body` can still have it whole.
 */
function bodyStream(request: LazyRequest): ReadableStream<Uint8Array> | null {
  const s = request[state];
  if (s.real !== undefined) return s.real.body;
  const given = openedBody(request);
  if (given === undefined) return null;
  if (s.stream === undefined) {
    if (given instanceof ReadableStream) {
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      s.stream = new ReadableStream<Uint8Array>(
        {
          pull: async (controller) => {
            s.used = true;
            reader ??= given.getReader();
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
          cancel: (reason) => (reader ?? given).cancel(reason),
        },
        { highWaterMark: 0 },
      );
    } else {
      s.stream = new ReadableStream<Uint8Array>(
        {
          pull: (controller) => {
            if (!s.used) {
              s.used = true;
              controller.enqueue(typeof given === "string" ? encoder.encode(given) : given);
            }
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
    }
  }
  return s.stream;
}

/** The real Request, built on first need with the same URL, method, headers and unread body. */
function realOf(request: LazyRequest): Request {
  const s = request[state];
  if (s.real === undefined) {
    const { url, method } = request[parts];
    // A body already taken stays taken: the real Request gets none.
    const body = s.used ? undefined : (s.stream ?? openedBody(request));
    const init = { method, headers: request.headers, body, duplex: "half" };
    s.real = new Request(url, init as RequestInit);
  }
  return s.real;
}

/** The whole body as bytes, once. */
async function takeBytes(request: LazyRequest): Promise<Uint8Array<ArrayBuffer>> {
  if (isUsed(request)) throw unusable();
  const s = request[state];
  s.used = true;
  if (s.real !== undefined) return new Uint8Array(await s.real.arrayBuffer());
  const deferred = request[parts].body;
  if (isDeferred(deferred) && s.opened === undefined) return deferred.bytes();
  const given = openedBody(request);
  if (given === undefined) return new Uint8Array();
  if (typeof given === "string") return encoder.encode(given);
  // A copy: the caller owns what it gets, and a view may share a larger (pooled) buffer.
  if (given instanceof Uint8Array) return given.slice();
  return new Uint8Array(await new Response(given).arrayBuffer());
}

/** The whole body as text, once; a body in memory is decoded (or handed over) without a copy. */
function takeText(request: LazyRequest): Promise<string> {
  const given = request[parts].body;
  const inMemory = typeof given === "string" || given instanceof Uint8Array;
  if (inMemory && request[state].real === undefined && !isUsed(request)) {
    request[state].used = true;
    return Promise.resolve(typeof given === "string" ? given : decoder.decode(given));
  }
  return takeBytes(request).then((bytes) => decoder.decode(bytes));
}

type Members = Record<string, (...args: unknown[]) => unknown>;

const own: PropertyDescriptorMap = {
  method: {
    get(this: LazyRequest) {
      return this[parts].method;
    },
  },
  url: {
    get(this: LazyRequest) {
      return this[parts].url;
    },
  },
  headers: {
    get(this: LazyRequest) {
      const s = this[state];
      s.headers ??= this[parts].headers();
      return s.headers;
    },
  },
  body: {
    get(this: LazyRequest) {
      return bodyStream(this);
    },
  },
  bodyUsed: {
    get(this: LazyRequest) {
      return isUsed(this);
    },
  },
  arrayBuffer: {
    value(this: LazyRequest) {
      return takeBytes(this).then((bytes) => bytes.buffer);
    },
  },
  bytes: {
    value(this: LazyRequest) {
      return takeBytes(this);
    },
  },
  text: {
    value(this: LazyRequest) {
      return takeText(this);
    },
  },
  json: {
    value(this: LazyRequest) {
      return takeText(this).then((text) => JSON.parse(text) as unknown);
    },
  },
  clone: {
    value(this: LazyRequest) {
      if (isUsed(this)) throw unusable();
      return realOf(this).clone();
    },
  },
};

/**
 * The prototype of every lazy request: the members above, and every other member of
 * Request.prototype forwarded to the real Request. Built on the first request rather than at
 * import, so that the module has no import-time work: a bundle of `Auth` that never makes a
 * lazy request (an edge app) can then drop the whole module.
 */
function buildPrototype(): object {
  for (const name of Object.getOwnPropertyNames(Request.prototype)) {
    if (name === "constructor" || Object.hasOwn(own, name)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name);
    own[name] =
      typeof descriptor?.value === "function"
        ? {
            value(this: LazyRequest, ...args: unknown[]) {
              return (realOf(this) as unknown as Members)[name]!(...args);
            },
          }
        : {
            get(this: LazyRequest) {
              return (realOf(this) as unknown as Record<string, unknown>)[name];
            },
          };
  }
  return Object.create(Request.prototype, own);
}

let prototype: object | undefined;

/**
 * A Request for a message a Node server has parsed, built lazily (see the module comment).
 *
 * @param from The URL, method, a headers factory and the body.
 * @returns An object that is `instanceof Request` and answers as one.
 * @example
 * ```ts
 * const request = lazyRequest({
 *   url: `http://${req.headers.host}${req.url}`,
 *   method: req.method ?? "GET",
 *   headers: () => new Headers(req.headers as Record<string, string>),
 * })
 * await Auth(request, config)
 * ```
 */
export function lazyRequest(from: LazyRequestParts): Request {
  prototype ??= buildPrototype();
  const request = Object.create(prototype) as LazyRequest;
  request[parts] = from;
  request[state] = { used: false };
  return request;
}
