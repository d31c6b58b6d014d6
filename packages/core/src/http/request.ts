/**
 * Parses a Web Request into an AuthRequest: routing by path, the query, the cookies and, for a
 * POST, a form or JSON body. Anything that cannot be an auth request gets a BadRequest, which
 * the pipeline answers with 400 `"Bad request."`.
 */
import { cancelBody } from "../cancel-body";
import type { AuthAction, AuthRequest } from "../context";
import { parseCookies } from "./cookies";

/** A request the router cannot take; answered with 400 (or 413 for an oversized body). */
export class BadRequest extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/**
 * A request whose path is not under the configuration's `basePath`: the app routed it to the
 * handler, so the handler is most likely mounted elsewhere than `basePath` says.
 */
export class OutsideBasePath extends BadRequest {}

/** Largest body read, in bytes. Auth forms are tiny; this leaves room for a session update. */
export const MAX_BODY_BYTES = 64 * 1024;

interface Route {
  get: boolean;
  post: boolean;
  provider: boolean;
}

/** Each action's methods, and whether a provider id may follow it. */
export const ROUTES: Readonly<Record<AuthAction, Route>> = {
  // OpenID Connect back-channel logout: the identity provider posts to backchannel-logout/{provider}.
  "backchannel-logout": { get: false, post: true, provider: true },
  callback: { get: true, post: true, provider: true },
  csrf: { get: true, post: false, provider: false },
  error: { get: true, post: false, provider: false },
  providers: { get: true, post: false, provider: false },
  session: { get: true, post: true, provider: false },
  // The second segment is the operation: sessions/revoke, sessions/revoke-others, sessions/revoke-all.
  sessions: { get: true, post: true, provider: true },
  signin: { get: true, post: true, provider: true },
  // signout/{provider}: where an identity provider sends the browser back after its own logout.
  signout: { get: true, post: true, provider: true },
  "verify-request": { get: true, post: false, provider: false },
  "webauthn-options": { get: true, post: false, provider: true },
};

/**
 * Routes and reads a request: the action and provider from the path, the query, the cookies
 * and, for a POST, the form or JSON body. Cookies that repeat with different values are left
 * out (see `parseCookies`), each reported to `onAmbiguousCookie` by name.
 *
 * @param request - The Web Request.
 * @param url - Its public URL (see `publicUrl`).
 * @param basePath - Where the auth routes live, e.g. `/auth`.
 * @param onAmbiguousCookie - Told the name of each cookie left out, for the log.
 * @returns The parsed request.
 * @throws {BadRequest} For anything outside WIRE.md's table, a malformed JSON body, a body that
 * could not be read to its end, or a body over {@link MAX_BODY_BYTES} (413).
 * @example
 * ```ts
 * const req = await parseRequest(request, new URL(request.url), "/auth")
 * ```
 */
export async function parseRequest(
  request: Request,
  url: URL,
  basePath: string,
  onAmbiguousCookie?: (name: string) => void,
): Promise<AuthRequest> {
  const method = request.method;
  if (method !== "GET" && method !== "POST") throw new BadRequest(`Method ${method} is not allowed.`);
  const { action, providerId } = route(url.pathname, basePath, method);
  return {
    request,
    method,
    action,
    providerId,
    url,
    // searchParams builds a URLSearchParams object even for an empty query.
    query: url.search === "" ? {} : Object.fromEntries(url.searchParams),
    body: method === "POST" ? await readBody(request) : undefined,
    cookies: parseCookies(request.headers.get("cookie"), onAmbiguousCookie),
  };
}

function route(pathname: string, basePath: string, method: "GET" | "POST") {
  if (!pathname.startsWith(`${basePath}/`))
    throw new OutsideBasePath(`${pathname} is not under ${basePath || "/"}.`);
  // Empty segments are dropped, as Auth.js drops them: Next.js's `trailingSlash: true` asks for
  // `/api/auth/session/`, and a doubled slash names the same action.
  const segments = pathname
    .slice(basePath.length + 1)
    .split("/")
    .filter((segment) => segment !== "");
  const action = segments[0] as AuthAction;
  const spec = Object.hasOwn(ROUTES, action) ? ROUTES[action] : undefined;
  if (!spec || segments.length > (spec.provider ? 2 : 1)) throw new BadRequest(`Unknown action ${pathname}.`);
  if (!(method === "GET" ? spec.get : spec.post))
    throw new BadRequest(`${method} is not allowed on ${action}.`);
  let providerId: string | undefined;
  if (segments[1] !== undefined) {
    try {
      providerId = decodeURIComponent(segments[1]);
    } catch {
      throw new BadRequest("Malformed provider id.");
    }
  }
  return { action, providerId };
}

async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const isForm = type === "application/x-www-form-urlencoded";
  if (!isForm && type !== "application/json") return undefined;
  const text = await readTextOrRefuse(request);
  if (isForm) return Object.fromEntries(new URLSearchParams(text));
  if (text.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BadRequest("The JSON body is malformed.");
  }
  if (json === null || typeof json !== "object" || Array.isArray(json))
    throw new BadRequest("The JSON body must be an object.");
  return json as Record<string, unknown>;
}

/**
 * {@link readText}, with a read that fails part-way (the client hung up mid-body, the stream broke)
 * refused as the client's doing: a 400 and a debug line, not the 500 and error line of something
 * the deployer must fix. The connection is usually gone, so nobody sees the 400.
 */
async function readTextOrRefuse(request: Request): Promise<string> {
  try {
    return await readText(request);
  } catch (error) {
    if (error instanceof BadRequest) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BadRequest(`The body could not be read; the client may have gone away (${reason}).`);
  }
}

/** Reads the body as text, stopping at MAX_BODY_BYTES so a huge body cannot exhaust memory. */
async function readText(request: Request): Promise<string> {
  const length = request.headers.get("content-length");
  const declared = length === null ? Number.NaN : Number(length);
  if (declared > MAX_BODY_BYTES) throw new BadRequest("The body is too large.", 413);
  // A declared length within the limit is what the server read (an HTTP server holds a body to
  // its Content-Length), so the body is read whole: cheaper than a reader, above all when the
  // adapter buffered it. Without one (chunked), chunks are counted as they come.
  if (declared >= 0) return request.text();
  if (!request.body) return "";
  const bytes = await readAtMost(request.body, MAX_BODY_BYTES);
  if (bytes === null) throw new BadRequest("The body is too large.", 413);
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a stream whole, counting bytes as they come, and lets go of it (unawaited, see
 * cancel-body.ts) as soon as it runs past `limit`: a sender cannot make us hold more than that,
 * whatever length it declared or did not.
 *
 * @param body - The stream, not yet locked.
 * @param limit - The most bytes accepted.
 * @returns The bytes, or null when the stream holds more than `limit`.
 * @throws What reading the stream throws (a connection reset, an abort).
 * @example
 * ```ts
 * await readAtMost(new Blob(["abc"]).stream(), 2) // null
 * ```
 */
export async function readAtMost(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      cancelBody(reader);
      return null;
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}

/**
 * The chunks of a body in one buffer of its own (a chunk may be a view of a larger, pooled one).
 *
 * @param chunks - The chunks, in order.
 * @param size - Their total length in bytes.
 * @returns The joined bytes.
 * @example
 * ```ts
 * joinChunks([new Uint8Array([1]), new Uint8Array([2, 3])], 3) // Uint8Array [1, 2, 3]
 * ```
 */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
