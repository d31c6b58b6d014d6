/** Server-side `unstable_update`: changes the session from server code. */
import type { Session } from "@portcullis/core";
import type { NextAuthConfigInput } from "./config";
import { callOf, engineFor, setCookies, standIn } from "./engine";
import { requestHeaders } from "./request-scope";

/** The server-side `unstable_update` of {@link NextAuth}. */
export type NextAuthUpdate = (
  data: Partial<Session> | { user: Partial<Session["user"]> },
) => Promise<Session | null>;

/**
 * Builds `unstable_update`: the engine applies `{ data }` through the `jwt` callback (trigger
 * `update`) or the database strategy, the re-issued session cookie is set on the current response,
 * and the updated session is answered.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The `unstable_update` function; it answers null without a session or on failure.
 */
export function createUpdate(input: NextAuthConfigInput): NextAuthUpdate {
  return async (data) => {
    const headers = await requestHeaders();
    const engine = await engineFor(input, standIn(headers));
    const { session, cookies } = await engine.update(data, callOf(headers));
    await setCookies(cookies);
    return session;
  };
}
