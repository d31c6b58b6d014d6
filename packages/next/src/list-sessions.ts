/** Server-side `listSessions`: the signed-in user's sessions, for an account page. */
import type { SessionInfo } from "@portcullis/core";
import type { NextAuthConfigInput } from "./config";
import { callerOf } from "./engine";

/** The server-side `listSessions` of {@link NextAuth}. */
export type NextAuthListSessions = () => Promise<SessionInfo[] | null>;

/**
 * Builds `listSessions`: the live sessions of the user signed in on the current request, newest
 * first, each with the opaque `id` that `revokeSession` takes and `current` marking this browser's.
 * Usable in server components too: it sets no cookie.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The `listSessions` function. It answers null when the request is signed out, and throws
 * UnsupportedStrategy when the configuration keeps no session store (JWT sessions without
 * `session.store`).
 * @example
 * ```ts
 * const listSessions = createListSessions(config)
 * const sessions = (await listSessions()) ?? []
 * ```
 */
export function createListSessions(input: NextAuthConfigInput): NextAuthListSessions {
  return async () => {
    const { engine, call } = await callerOf(input);
    return engine.listSessions(call);
  };
}
