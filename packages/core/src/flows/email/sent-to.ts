/**
 * The "sent to" cookie: the address a magic link was just mailed to, so the verify-request page
 * can say where to look ("A sign-in link has been sent to ada@example.com"). It travels in a
 * sealed cookie rather than in the page's URL: a link anyone can craft must not make the page
 * claim a mail went to an address of the crafter's choosing, and the address stays out of
 * browser history and server logs.
 *
 * @module
 */
import type { ActionContext, AuthRequest } from "../../context";
import type { SetCookie } from "../../http/cookies";
import { decode, encode } from "../../jwt";

/**
 * Seals the address into the cookie, for 15 minutes (the cookie's `maxAge`).
 *
 * @param email - the normalised address the link went to.
 * @param ctx - the action context (secrets, cookie names, clock).
 * @returns the Set-Cookie.
 * @example
 * ```ts
 * const result = { redirect, cookies: [await sealSentTo("ada@example.com", ctx)] }
 * ```
 */
export async function sealSentTo(email: string, ctx: ActionContext): Promise<SetCookie> {
  const { name, options } = ctx.cookies.emailSentTo;
  const maxAge = options.maxAge ?? 900;
  const value = await encode({
    token: { email },
    secret: ctx.config.secrets,
    salt: name,
    maxAge,
    now: ctx.now,
  });
  return { name, value, options: { ...options, maxAge, expires: new Date(ctx.now + maxAge * 1000) } };
}

/**
 * Reads the address back from the request's cookie.
 *
 * @param req - the verify-request page's request.
 * @param ctx - the action context.
 * @returns the address, or `undefined` when the cookie is missing, expired, altered or not ours.
 * @example
 * ```ts
 * const email = await readSentTo(req, ctx) // "ada@example.com"
 * ```
 */
export async function readSentTo(req: AuthRequest, ctx: ActionContext): Promise<string | undefined> {
  const { name } = ctx.cookies.emailSentTo;
  const token = req.cookies.get(name);
  if (!token) return undefined;
  try {
    const payload = await decode<{ email?: unknown }>({
      token,
      secret: ctx.config.secrets,
      salt: name,
      now: ctx.now,
    });
    return typeof payload?.email === "string" ? payload.email : undefined;
  } catch {
    // A cookie another key sealed, or garbage: the page simply does not name an address.
    return undefined;
  }
}
