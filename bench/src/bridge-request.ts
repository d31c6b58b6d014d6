/**
 * The bridge's Request: what node:http has already parsed, answered without building undici's
 * `Request` until something needs one.
 *
 * Constructing a `Request` in Node 20 costs about 13 µs (a URL parse, every header validated
 * into a new list, an AbortSignal made transferable) and a body turns into a ReadableStream; on
 * a cheap answer that is a quarter of the server's CPU, the same for every library. Node servers
 * built for speed therefore hand the app a stand-in (`@hono/node-server` does so): `method`,
 * `url` and `headers` come from the parsed message, a buffered body is answered whole by
 * `text()`, `json()` and friends, and any other member (`signal`, `clone()`, `cache`, ...)
 * builds the real `Request` once and forwards to it. `instanceof Request` holds.
 *
 * @module
 */

/** What a bridge request is made of: node:http's parsed message and its buffered body. */
export interface RequestParts {
  /** Absolute URL. */
  url: string;
  method: string;
  /** node:http's `rawHeaders`: name, value, name, value, ... */
  rawHeaders: readonly string[];
  /** The whole body; `undefined` for GET and HEAD. */
  body: Uint8Array<ArrayBuffer> | undefined;
}

const decoder = new TextDecoder();
const parts = Symbol("parts");
const state = Symbol("state");

interface State {
  headers?: Headers;
  real?: Request;
  stream?: ReadableStream<Uint8Array<ArrayBuffer>>;
  /** The body has been handed out, whole or through the stream. */
  used: boolean;
}

interface BridgeRequest extends Request {
  [parts]: RequestParts;
  [state]: State;
}

function unusable(): TypeError {
  return new TypeError("Body is unusable: Body has already been read");
}

function headersOf(rawHeaders: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) headers.append(rawHeaders[i]!, rawHeaders[i + 1]!);
  return headers;
}

/** The real Request, built on first need with the same URL, method, headers and unread body. */
function realOf(request: BridgeRequest): Request {
  const s = request[state];
  if (s.real === undefined) {
    const { url, method, body } = request[parts];
    // A stream handed out is the body from then on (it may be partly read); a body already
    // taken whole stays taken, so the real Request gets none.
    const init = {
      method,
      headers: request.headers,
      body: s.used ? undefined : (s.stream ?? body),
      duplex: "half",
    };
    s.real = new Request(url, init as RequestInit);
  }
  return s.real;
}

function isUsed(s: State): boolean {
  return s.used || s.stream?.locked === true || s.real?.bodyUsed === true;
}

/** The whole body, once: from the buffer, or from the real Request once one holds it. */
function takeBody(request: BridgeRequest): Promise<Uint8Array<ArrayBuffer>> {
  const s = request[state];
  if (isUsed(s)) return Promise.reject(unusable());
  s.used = true;
  if (s.real !== undefined) return s.real.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return Promise.resolve(request[parts].body ?? new Uint8Array());
}

function bodyStream(request: BridgeRequest): ReadableStream<Uint8Array<ArrayBuffer>> | null {
  const s = request[state];
  if (s.real !== undefined) return s.real.body as ReadableStream<Uint8Array<ArrayBuffer>> | null;
  const body = request[parts].body;
  if (body === undefined) return null;
  s.stream ??= new ReadableStream(
    {
      pull: (controller) => {
        if (!s.used) {
          s.used = true;
          controller.enqueue(body);
        }
        controller.close();
      },
    },
    // No read-ahead: only a read takes the body, so a caller that merely tests `body` can
    // still have it whole from text().
    { highWaterMark: 0 },
  );
  return s.stream;
}

const own: PropertyDescriptorMap = {
  method: {
    get(this: BridgeRequest) {
      return this[parts].method;
    },
  },
  url: {
    get(this: BridgeRequest) {
      return this[parts].url;
    },
  },
  headers: {
    get(this: BridgeRequest) {
      const s = this[state];
      s.headers ??= headersOf(this[parts].rawHeaders);
      return s.headers;
    },
  },
  body: {
    get(this: BridgeRequest) {
      return bodyStream(this);
    },
  },
  bodyUsed: {
    get(this: BridgeRequest) {
      return isUsed(this[state]);
    },
  },
  arrayBuffer: {
    value(this: BridgeRequest) {
      return takeBody(this).then((bytes) => bytes.slice().buffer);
    },
  },
  bytes: {
    value(this: BridgeRequest) {
      return takeBody(this).then((bytes) => bytes.slice());
    },
  },
  text: {
    value(this: BridgeRequest) {
      return takeBody(this).then((bytes) => decoder.decode(bytes));
    },
  },
  json: {
    value(this: BridgeRequest) {
      return takeBody(this).then((bytes) => JSON.parse(decoder.decode(bytes)) as unknown);
    },
  },
  clone: {
    value(this: BridgeRequest) {
      if (isUsed(this[state])) throw unusable();
      return realOf(this).clone();
    },
  },
};

// Every other member of Request.prototype goes to the real Request.
for (const name of Object.getOwnPropertyNames(Request.prototype)) {
  if (name === "constructor" || Object.hasOwn(own, name)) continue;
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name)!;
  own[name] =
    typeof descriptor.value === "function"
      ? {
          value(this: BridgeRequest, ...args: unknown[]) {
            const real = realOf(this) as unknown as Record<string, (...args: unknown[]) => unknown>;
            return real[name]!(...args);
          },
        }
      : {
          get(this: BridgeRequest) {
            return (realOf(this) as unknown as Record<string, unknown>)[name];
          },
        };
}

const prototype: object = Object.create(Request.prototype, own);

/**
 * A Request for node:http's parsed message, built lazily (see the module comment).
 *
 * @param from URL, method, raw headers and buffered body.
 * @returns An object that is `instanceof Request` and answers as one.
 * @example
 * ```ts
 * const request = bridgeRequest({ url: "http://127.0.0.1/auth/csrf", method: "GET", rawHeaders: [], body: undefined });
 * request.headers.get("cookie"); // null
 * ```
 */
export function bridgeRequest(from: RequestParts): Request {
  const request = Object.create(prototype) as BridgeRequest;
  request[parts] = from;
  request[state] = { used: false };
  return request;
}
