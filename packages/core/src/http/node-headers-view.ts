/**
 * Node's parsed request headers seen through the `Headers` interface, answering `get` and `has`
 * straight from Node's record.
 *
 * Copying a request's headers into undici's `Headers` converts and checks every value character
 * by character (a Cookie header carrying a session token is some 600), while the core only asks
 * for a handful of names (Cookie, Host, the forwarded headers, X-Auth-Return-Redirect). So `get`
 * and `has` read the record, checking only the value asked for, and every other member
 * (iteration, `forEach`, `append`, ...) builds the real `Headers` once and forwards to it, from
 * then on `get` and `has` too, so a change made through it is seen. The view is
 * `instanceof Headers`.
 */
import { isHeaderName, isPlainHeaderValue } from "./header-syntax";
import { headersFromNode } from "./node-headers";

type NodeRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

const record = Symbol("node headers");
const omitted = Symbol("omitted names");
const real = Symbol("real headers");

interface View extends Headers {
  [record]: NodeRecord;
  [omitted]: ReadonlySet<string>;
  [real]: Headers | undefined;
}

function realOf(view: View): Headers {
  let headers = view[real];
  if (headers === undefined) {
    headers = headersFromNode(view[record], view[omitted]);
    view[real] = headers;
  }
  return headers;
}

/**
 * The value for `name` when the record can answer exactly as the real Headers would: a string
 * for one plain value, null for a valid name that is absent; undefined when only the real Headers
 * can tell (after it was built, a name it would refuse, a repeated header, a value it would
 * rewrite or refuse).
 */
function fastValue(view: View, name: unknown): string | null | undefined {
  if (view[real] !== undefined || typeof name !== "string") return undefined;
  const key = name.toLowerCase();
  const given = view[omitted].has(key) || !Object.hasOwn(view[record], key) ? undefined : view[record][key];
  if (given === undefined) return isHeaderName(name) ? null : undefined;
  return typeof given === "string" && isPlainHeaderValue(given) ? given : undefined;
}

const own: PropertyDescriptorMap = {
  get: {
    value(this: View, name: string): string | null {
      const value = fastValue(this, name);
      return value !== undefined ? value : realOf(this).get(name);
    },
  },
  has: {
    value(this: View, name: string): boolean {
      const value = fastValue(this, name);
      return value !== undefined ? value !== null : realOf(this).has(name);
    },
  },
};

type Members = Record<PropertyKey, (...args: unknown[]) => unknown>;

/**
 * Every other member of Headers.prototype, forwarded to the real Headers. Built on first use, not
 * at import, so a bundle that never makes a view can drop this module.
 */
function buildPrototype(): object {
  for (const key of Reflect.ownKeys(Headers.prototype)) {
    if (key === "constructor" || key === Symbol.toStringTag || Object.hasOwn(own, key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(Headers.prototype, key);
    own[key] =
      typeof descriptor?.value === "function"
        ? {
            value(this: View, ...args: unknown[]) {
              return (realOf(this) as unknown as Members)[key]!(...args);
            },
          }
        : {
            get(this: View) {
              return (realOf(this) as unknown as Record<PropertyKey, unknown>)[key];
            },
          };
  }
  return Object.create(Headers.prototype, own);
}

let prototype: object | undefined;

/**
 * `Headers` for a request Node has parsed, read from Node's record without copying it (see the
 * module comment). Answers every member as `headersFromNode(headers, omit)` would.
 *
 * @param headers Node's parsed headers (`IncomingMessage#headers`), not changed afterwards.
 * @param omit Names (lowercase) to leave out, e.g. proxy headers the framework has judged already.
 * @returns An object that is `instanceof Headers` and answers as one.
 * @example
 * ```ts
 * const headers = nodeHeadersView({ host: "example.com", cookie: "a=1" })
 * headers.get("Cookie") // "a=1"
 * ```
 */
export function nodeHeadersView(headers: NodeRecord, omit: ReadonlySet<string> = new Set()): Headers {
  prototype ??= buildPrototype();
  const view = Object.create(prototype) as View;
  view[record] = headers;
  view[omitted] = omit;
  view[real] = undefined;
  return view;
}
