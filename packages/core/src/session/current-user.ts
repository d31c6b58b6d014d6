/** Who is signed in on a request: used by flows that link a new sign-in method to that user. */
import type { AdapterUser } from "../adapters";
import type { ActionContext, AuthRequest } from "../context";
import { readChunked } from "../http/cookies";
import type { JWTDecodeParams } from "../types";
import { callAdapter } from "./database";
import { adapterDateExpired } from "./expiry";

/**
 * The user of the request's current session, if it has a valid one: the database session's user,
 * or the user whose id is the session JWT's `sub`. A cookie that does not decode, or an expired
 * session, is nobody.
 *
 * @param req - The request (its session cookie).
 * @param ctx - The action context (needs an adapter).
 * @returns The signed-in user, or null.
 * @throws {AdapterError} When an adapter call fails.
 */
export async function currentUser(req: AuthRequest, ctx: ActionContext): Promise<AdapterUser | null> {
  const { config } = ctx;
  const adapter = config.adapter!;
  const { name } = ctx.cookies.sessionToken;
  const token = readChunked(req.cookies, name);
  if (!token) return null;
  if (config.session.strategy === "database") {
    const found = await callAdapter("getSessionAndUser", () => adapter.getSessionAndUser!(token));
    if (!found) return null;
    return adapterDateExpired(found.session.expires, ctx.now, "getSessionAndUser", config.logger)
      ? null
      : found.user;
  }
  let sub: unknown;
  try {
    const params = { token, secret: config.secrets, salt: name, now: ctx.now } as JWTDecodeParams;
    sub = (await config.jwt.decode(params))?.sub;
  } catch {
    // A session cookie that does not decode is no session (as on GET /session).
    return null;
  }
  return typeof sub === "string" && sub !== "" ? callAdapter("getUser", () => adapter.getUser!(sub)) : null;
}
