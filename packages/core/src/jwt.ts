/**
 * Session JWTs (`@portcullis/core/jwt`): `encode` and `decode` of the encrypted session token and
 * `getToken`, which reads it from a request. The format is Auth.js's, byte for byte in structure
 * (compact JWE, `dir` + `A256CBC-HS512`, HKDF-derived key, thumbprint `kid`), so tokens move
 * between the two in both directions.
 *
 * Unlike Auth.js, `decode` and `getToken` never throw on what a client sends: a malformed,
 * tampered, expired or foreign token is simply no session (`null`). They throw only for a missing
 * secret, which is a configuration error that must not pass silently.
 *
 * @see WIRE.md, section "Crypto"
 * @module
 */

import { compactDecrypt } from "jose";
import { type DerivedKey, derivedKey, type Enc } from "./crypto/derived-key";
import { type CbcHsKey, decryptCompact, encryptCompact } from "./crypto/jwe";
import { recall, remember } from "./crypto/plaintext-cache";
import { base64urlDecode } from "./crypto/primitives";
import { MissingSecret } from "./errors";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "./types";

// Re-exported so apps augment the token as Auth.js documents it:
// `declare module "@portcullis/core/jwt" { interface JWT { role?: string } }`.
export type { DefaultJWT, JWT, JWTDecodeParams, JWTEncodeParams } from "./types";

/** Parameters of {@link encode}: the public ones plus a clock for tests. */
export interface EncodeParams<Payload = JWT> extends JWTEncodeParams<Payload> {
  /** The current time in milliseconds since the epoch, for `iat` and `exp`. Default `Date.now()`. */
  now?: number;
  /**
   * When true, and this process issued a token for exactly these claims under the same key within
   * the same second, re-encoding the same session (the incoming `jti` is the one that token
   * replaced, or that token's own), that token is handed
   * back instead of a new one. The session endpoint sets it: a page load reads the session several
   * times at once, and each read would otherwise pay an encryption for a token that differs only
   * in its `jti`. Another session of the same user never matches, so `jti` stays unique per
   * session. Default false, so a token minted by hand always has a `jti` of its own.
   */
  reuseRecent?: boolean;
}

/** Parameters of {@link decode}: the public ones plus a clock for tests. */
export interface DecodeParams extends JWTDecodeParams {
  /** The current time in milliseconds since the epoch, to check `exp` against. Default `Date.now()`. */
  now?: number;
}

const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
/** Tolerated clock skew between the servers that encode and decode, in seconds. */
const CLOCK_TOLERANCE = 15;

/** The secrets as a non-empty list of non-empty strings, or a MissingSecret error. @internal */
export function secretList(secret: string | string[] | undefined): string[] {
  const secrets = Array.isArray(secret) ? secret : [secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== "string" || s === "")) {
    throw new MissingSecret(
      "No secret for the session JWT. Set the AUTH_SECRET environment variable (or pass `secret`).",
    );
  }
  return secrets as string[];
}

function isEnc(enc: unknown): enc is Enc {
  return enc === "A256CBC-HS512" || enc === "A256GCM";
}

function checkSalt(salt: unknown): asserts salt is string {
  if (typeof salt !== "string") throw new TypeError("jwt: `salt` must be a string (the cookie name)");
}

/**
 * Encrypts a payload into a session JWT: a compact JWE with header
 * `{alg: "dir", enc: "A256CBC-HS512", kid}`, the key derived by HKDF-SHA256 from the first
 * secret and the salt. Adds `iat`, `exp` (`iat + maxAge`) and a random `jti`, replacing any the
 * payload already has.
 *
 * @param params - `token` (the payload, default `{}`), `secret` (string or array: the first
 * encrypts), `salt` (for the session cookie, its name), `maxAge` (seconds, default 30 days),
 * `now` (milliseconds, default `Date.now()`).
 * @returns The compact JWE.
 * @throws {MissingSecret} when `secret` is missing or empty.
 * @throws {TypeError} when `salt` is not a string.
 * @see https://www.rfc-editor.org/rfc/rfc7516
 * @example
 * ```ts
 * const jwe = await encode({ token: { sub: "42" }, secret: process.env.AUTH_SECRET!, salt: "authjs.session-token" })
 * ```
 */
export async function encode<Payload = JWT>(params: EncodeParams<Payload>): Promise<string> {
  const secrets = secretList(params.secret);
  checkSalt(params.salt);
  const key = (await derivedKey(secrets[0]!, params.salt, "A256CBC-HS512")).cbc!;
  const iat = Math.floor((params.now ?? Date.now()) / 1000);
  // Copied into a plain object and then set: on Node 20 about half the time of a copy into an
  // object without a prototype (which V8 keeps in slow dictionary mode, and JSON.stringify walks
  // slowly), and several times faster than a spread that adds keys. Only a payload with its own
  // "__proto__" claim needs the prototype-less target: assigning that key to a plain object would
  // set its prototype instead of keeping the claim.
  // `jti = undefined` drops any old jti from the JSON; the new one is appended below.
  const source = params.token as object | null | undefined;
  const claims = Object.assign(
    source != null && Object.hasOwn(source, "__proto__") ? (Object.create(null) as object) : {},
    source,
  ) as Record<string, unknown>;
  claims.iat = iat;
  claims.exp = iat + (params.maxAge ?? DEFAULT_MAX_AGE);
  claims.jti = undefined;
  // Always an object with iat and exp, so it ends in "}" and has a member before the jti.
  const body = JSON.stringify(claims);
  // The session being re-encoded is told by its current jti: claims alone do not tell two devices
  // of one user apart (same sub, name, email, iat and exp within one second), and handing both the
  // same token would merge their sessions' identities. A payload without a string jti never reuses.
  const from = params.reuseRecent ? (params.token as { jti?: unknown } | undefined)?.jti : undefined;
  const last = typeof from === "string" ? lastIssued.get(key) : undefined;
  if (last !== undefined && (last.from === from || last.jti === from) && last.body === body)
    return last.token;
  const jti = crypto.randomUUID();
  const token = await encryptCompact(key, `${body.slice(0, -1)},"jti":"${jti}"}`);
  // Not put in the plaintext cache: it pays off for tokens read several times, and keeping every
  // issued token alive costs more in garbage collection than the one decryption it could save
  // (measured in bench/). One token per key is kept for `reuseRecent`; its body holds `iat`, so
  // it stops matching when the second turns.
  if (typeof from === "string") lastIssued.set(key, { body, from, jti, token });
  return token;
}

/**
 * The last token issued with `reuseRecent` under each key: its claims' JSON minus `jti`, its own
 * `jti`, and the `jti` of the token it replaced. A read carrying either `jti` is the same session
 * (a concurrent read still holding the old cookie, or a later one already holding the new).
 */
const lastIssued = new WeakMap<CbcHsKey, { body: string; from: string; jti: string; token: string }>();

/**
 * Decrypts and checks a session JWT made by {@link encode} or by Auth.js: `enc` may be
 * `A256CBC-HS512` or `A256GCM`; with several secrets, the one whose key thumbprint equals the
 * header's `kid` is used (a token without `kid` is tried with the first secret only); `exp` and
 * `nbf` are checked with 15 s of clock tolerance.
 *
 * Any token that is empty, malformed, tampered with, expired, of another algorithm (including
 * `alg: "none"`) or made with another key yields `null`, never an exception: a bad cookie is
 * no session, not a server error.
 *
 * @param params - `token`, `secret` (string or array), `salt`, `now` (milliseconds, default `Date.now()`).
 * @returns The payload, or `null`.
 * @throws {MissingSecret} when `secret` is missing or empty.
 * @throws {TypeError} when `salt` is not a string.
 * @see https://www.rfc-editor.org/rfc/rfc7638 (the `kid` thumbprint)
 * @example
 * ```ts
 * const payload = await decode({ token: cookieValue, secret: [newSecret, oldSecret], salt: "authjs.session-token" })
 * ```
 */
export async function decode<Payload = JWT>(params: DecodeParams): Promise<Payload | null> {
  const secrets = secretList(params.secret);
  checkSalt(params.salt);
  const { token, salt } = params;
  if (typeof token !== "string" || token === "") return null;
  const parts = token.split(".");
  if (parts.length !== 5) return null;
  const header = parseHeader(parts[0]!);
  if (!header) return null;
  const key = await keyFor(header, secrets, salt);
  if (!key) return null;
  const plaintext = key.cbc ? await decryptCbc(key.cbc, token, parts) : await decryptGcm(token, key.raw);
  return plaintext === null ? null : (checkClaims(plaintext, params.now ?? Date.now()) as Payload | null);
}

/** CBC-HS tokens: from the plaintext cache when this process has seen the exact token, else decrypted. */
async function decryptCbc(key: CbcHsKey, token: string, parts: string[]): Promise<string | null> {
  const known = recall(key, token);
  if (known !== undefined) return known;
  const plaintext = await decryptCompact(key, parts);
  if (plaintext !== null) remember(key, token, plaintext);
  return plaintext;
}

interface Header {
  enc: Enc;
  kid?: string;
}

const HEADER_CACHE_LIMIT = 64;
/** Parsed headers by their encoded text: a deployment's tokens share one header per key. */
const parsedHeaders = new Map<string, Header | null>();

/** The protected header, if it is one we accept: `dir`, a known `enc`, nothing critical or compressed. */
function parseHeader(part: string): Header | null {
  let header = parsedHeaders.get(part);
  if (header === undefined) {
    header = readHeader(part);
    if (parsedHeaders.size >= HEADER_CACHE_LIMIT) parsedHeaders.delete(parsedHeaders.keys().next().value!);
    parsedHeaders.set(part, header);
  }
  return header;
}

function readHeader(part: string): Header | null {
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(base64urlDecode(part)));
  } catch {
    return null;
  }
  if (typeof header !== "object" || header === null) return null;
  const { alg, enc, kid, crit, zip } = header as Record<string, unknown>;
  if (alg !== "dir" || !isEnc(enc) || crit !== undefined || zip !== undefined) return null;
  if (kid !== undefined && typeof kid !== "string") return null;
  return { enc, kid };
}

/** The key the header's `kid` names among the secrets (a token without `kid`: the first secret only). */
async function keyFor(header: Header, secrets: string[], salt: string): Promise<DerivedKey | null> {
  const candidates = header.kid === undefined ? secrets.slice(0, 1) : secrets;
  for (const secret of candidates) {
    const key = await derivedKey(secret, salt, header.enc);
    if (header.kid === undefined || key.kid === header.kid) return key;
  }
  return null;
}

/** A256GCM tokens (accepted on decode only, as Auth.js does) go through jose. */
async function decryptGcm(token: string, raw: Uint8Array): Promise<string | null> {
  try {
    const { plaintext } = await compactDecrypt(token, raw, {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    return new TextDecoder().decode(plaintext);
  } catch {
    return null;
  }
}

/** A time claim is a number when present. */
function isTime(value: unknown): value is number | undefined {
  return value === undefined || typeof value === "number";
}

/** The claims, if they are a JSON object whose `exp` and `nbf` hold at `now` (15 s tolerance). */
function checkClaims(plaintext: string, nowMs: number): JWT | null {
  let claims: unknown;
  try {
    claims = JSON.parse(plaintext);
  } catch {
    return null;
  }
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) return null;
  const { exp, nbf, iat } = claims as Record<string, unknown>;
  if (!isTime(exp) || !isTime(nbf) || !isTime(iat)) return null;
  const now = Math.floor(nowMs / 1000);
  if (exp !== undefined && exp <= now - CLOCK_TOLERANCE) return null;
  if (nbf !== undefined && nbf > now + CLOCK_TOLERANCE) return null;
  return claims as JWT;
}

export { type GetTokenParams, getToken } from "./get-token";
