/**
 * Server-side `revokeSession` and `revokeOtherSessions`: the signed-in user ends some of their own
 * sessions, for server actions and route handlers.
 */
import type { RevokeResult } from "@portcullis/core";
import type { NextAuthConfigInput } from "./config";
import { callerOf, setCookies } from "./engine";

/** The server-side `revokeSession` of {@link NextAuth}. */
export type NextAuthRevokeSession = (id: string) => Promise<number | null>;

/** The server-side `revokeOtherSessions` of {@link NextAuth}. */
export type NextAuthRevokeOtherSessions = () => Promise<number | null>;

/** The count of a revocation, once its cookies are on the current response. */
async function applied(result: RevokeResult | null): Promise<number | null> {
  if (!result) return null;
  await setCookies(result.cookies);
  return result.revoked;
}

/**
 * Builds `revokeSession(id)`: ends one of the signed-in user's sessions, by the `id`
 * `listSessions()` answered. An id of another user's session (or of none) ends nothing. Ending the
 * current session signs this browser out: its cleared cookie is set through the cookie store, so
 * call it from a server action or route handler, not while rendering.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The function; it answers how many sessions ended (0 or 1), null when signed out, and
 * throws UnsupportedStrategy when the configuration keeps no session store.
 * @example
 * ```ts
 * const revokeSession = createRevokeSession(config)
 * await revokeSession(String(formData.get("id")))
 * ```
 */
export function createRevokeSession(input: NextAuthConfigInput): NextAuthRevokeSession {
  return async (id) => {
    const { engine, call } = await callerOf(input);
    return applied(await engine.revokeSession(id, call));
  };
}

/**
 * Builds `revokeOtherSessions()`: ends every session of the signed-in user except the current
 * one ("sign out my other devices").
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The function; it answers how many sessions ended, null when signed out, and throws
 * UnsupportedStrategy when the configuration keeps no session store.
 * @example
 * ```ts
 * const revokeOtherSessions = createRevokeOtherSessions(config)
 * const ended = await revokeOtherSessions()
 * ```
 */
export function createRevokeOtherSessions(input: NextAuthConfigInput): NextAuthRevokeOtherSessions {
  return async () => {
    const { engine, call } = await callerOf(input);
    return applied(await engine.revokeOtherSessions(call));
  };
}
