/**
 * Distinct session JWTs, made in the bench process, for the scenario in which every request
 * carries a different user's session cookie (many users, not one browser).
 *
 * @module
 */
import { SECRET, SESSION_COOKIE } from "../config";
import { PAYLOAD, POOL_SIZE } from "../jwt/codec";

let made: Promise<string[]> | undefined;

async function make(): Promise<string[]> {
  // Auth.js's encoder makes the reference format; both libraries read it (WIRE.md, "Crypto").
  const { encode } = await import("@auth/core/jwt");
  const tokens: string[] = [];
  for (let i = 0; i < POOL_SIZE; i++) {
    // A user of its own per token (alice's name and email, a distinct `sub`), so no two sessions
    // carry the same claims and nothing issued for one can answer another.
    const token = { ...PAYLOAD, sub: `${PAYLOAD.sub}-${i}` };
    tokens.push(await encode({ token, secret: SECRET, salt: SESSION_COOKIE }));
  }
  return tokens;
}

/**
 * {@link POOL_SIZE} distinct session tokens, each for its own user, under the bench's secret,
 * made once per bench process and shared by both servers, so they decode the very same cookies.
 * No server has seen them before, and cycling through more tokens than a per-token cache holds
 * keeps such a cache from answering.
 *
 * @returns The tokens (cookie values).
 * @example
 * ```ts
 * const [first] = await tokenPool();
 * ```
 */
export function tokenPool(): Promise<string[]> {
  made ??= make();
  return made;
}
