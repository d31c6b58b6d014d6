/**
 * The session JWT operations of each library, set up identically for the in-process scenarios:
 * the same payload, secret and salt (the session cookie's name, as both use for the session
 * token).
 *
 * @module
 */
import { ALICE, SECRET, SESSION_COOKIE } from "../config";
import type { JwtOp } from "../process/protocol";

/** The libraries whose JWT is timed. */
export type JwtLibrary = "portcullis" | "authjs";

/** The claims a credentials sign-in puts in the session token. */
export const PAYLOAD = { name: ALICE.name, email: ALICE.email, picture: null, sub: ALICE.id };

/**
 * Distinct tokens the `decode` operation cycles through. Cycling through more tokens than a
 * per-token cache holds means such a cache never answers: every decode decrypts.
 */
export const POOL_SIZE = 8192;

type EncodeDecode = {
  encode(params: { token: typeof PAYLOAD; secret: string; salt: string }): Promise<string>;
  decode(params: { token: string; secret: string; salt: string }): Promise<unknown>;
};

const keys = { secret: SECRET, salt: SESSION_COOKIE };

async function load(library: JwtLibrary): Promise<EncodeDecode> {
  // Only one library is imported per process, so its memory figures are its own.
  if (library === "portcullis") return import("@portcullis/core/jwt");
  return import("@auth/core/jwt");
}

async function decodes(jwt: EncodeDecode, token: string): Promise<void> {
  const decoded = (await jwt.decode({ ...keys, token })) as { email?: unknown } | null;
  if (decoded?.email !== PAYLOAD.email) throw new Error("decode did not return the encoded payload");
}

async function pool(jwt: EncodeDecode): Promise<string[]> {
  const tokens: string[] = [];
  // Each encode draws a fresh IV and jti, so every token differs.
  for (let i = 0; i < POOL_SIZE; i++) tokens.push(await jwt.encode({ ...keys, token: PAYLOAD }));
  return tokens;
}

/**
 * Loads a library's JWT module and returns one operation bound to the bench's payload, secret
 * and salt: `encode`; `decode` of {@link POOL_SIZE} distinct tokens in turn (every call
 * decrypts); or `decode-same`, the same token every time (as a browser sends back the cookie it
 * was given, where a cache may answer). Tokens are the library's own, checked to decode before
 * anything is timed.
 *
 * @param library `portcullis` or `authjs`.
 * @param op The operation.
 * @returns The operation.
 * @throws When the library cannot decode its own token back to the payload.
 * @example
 * ```ts
 * const decode = await operationFor("portcullis", "decode");
 * await decode();
 * ```
 */
export async function operationFor(library: JwtLibrary, op: JwtOp): Promise<() => Promise<unknown>> {
  const jwt = await load(library);
  // Parameter objects are built before timing: the loop should measure the library, not the
  // garbage of the bench's own object spreads (which also inflated the faster side's peak RSS).
  if (op === "encode") {
    const params = { ...keys, token: PAYLOAD };
    return () => jwt.encode(params);
  }
  const tokens = op === "decode" ? await pool(jwt) : [await jwt.encode({ ...keys, token: PAYLOAD })];
  await decodes(jwt, tokens[0]!);
  const params = tokens.map((token) => ({ secret: keys.secret, salt: keys.salt, token }));
  let next = 0;
  return () => jwt.decode(params[next++ % params.length]!);
}
