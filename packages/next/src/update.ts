/** Server-side `unstable_update`: changes the session from server code. */
import { type Session, sessionFromResponse } from "@portcullis/core";
import type { NextAuthConfigInput } from "./config";
import { actionUrl } from "./core-request";
import { currentCaller, postAction } from "./server-call";

/** The server-side `unstable_update` of {@link NextAuth}. */
export type NextAuthUpdate = (
  data: Partial<Session> | { user: Partial<Session["user"]> },
) => Promise<Session | null>;

/**
 * Builds `unstable_update`: posts `{ data }` to `{basePath}/session`, where the `jwt` callback
 * (trigger `update`) or the database strategy applies it, sets the re-issued session cookie on
 * the current response and answers the updated session.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The `unstable_update` function; it answers null without a session or on failure.
 */
export function createUpdate(input: NextAuthConfigInput): NextAuthUpdate {
  return async (data) => {
    const caller = await currentCaller(input);
    const target = actionUrl("session", caller.headers, caller.config);
    return sessionFromResponse(await postAction(caller, target, JSON.stringify({ data })));
  };
}
