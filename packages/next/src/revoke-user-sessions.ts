/** `revokeSessions(userId)`: every session of a user ended by admin code. */
import type { NextAuthConfigInput } from "./config";
import { engineFor, standIn } from "./engine";
import { requestHeaders } from "./request-scope";

/** The `revokeSessions` of {@link NextAuth}. */
export type NextAuthRevokeSessions = (userId: string) => Promise<number>;

/**
 * Builds `revokeSessions(userId)`, for admin code (after a password change, a ban): every session
 * of that user ends, whoever is asking. Database sessions end at once, JWT sessions at their next
 * store check (within `session.revalidateAfter`). Nothing checks that the caller may do this: guard
 * the route or action that calls it.
 *
 * @param input The configuration, or a function of the request returning it. A configuration
 * object works anywhere on the server; a function needs a request scope to be called with.
 * @returns The function; it answers how many sessions ended, and throws UnsupportedStrategy when
 * the configuration keeps no session store.
 * @example
 * ```ts
 * const revokeSessions = createRevokeSessions(config)
 * await revokeSessions(user.id)
 * ```
 */
export function createRevokeSessions(input: NextAuthConfigInput): NextAuthRevokeSessions {
  return async (userId) => {
    // Only a configuration function needs the request: a script or a job may call this too.
    const headers = typeof input === "function" ? await requestHeaders() : new Headers();
    return (await engineFor(input, standIn(headers))).revokeSessions(userId);
  };
}
