import { type AuthConfig, createAuth, type Session } from "@portcullis/core";
import type { Request as ExpressRequest } from "express";
import { serverCall } from "./request-origin";

/** What {@link getSession} answers, under the name `@auth/express` exports for it. */
export type GetSessionResult = Promise<Session | null>;

/**
 * The session of an Express request, for protecting routes outside the auth middleware. Asks the
 * engine of the configuration (the same one the auth routes use) with the request's cookies and
 * answers `null` for no session, an invalid or tampered cookie, an unusable Host, or a
 * configuration error. Sets no cookies: reading here does not extend the session.
 *
 * @param req The Express request; its protocol and host follow Express's `trust proxy`.
 * @param config The same configuration as given to {@link ExpressAuth}.
 * @returns The session, or `null`. Does not throw.
 * @example
 * ```ts
 * app.get("/me", async (req, res) => {
 *   const session = await getSession(req, config)
 *   if (!session) return res.status(401).end()
 *   res.json(session.user)
 * })
 * ```
 */
export async function getSession(req: ExpressRequest, config: AuthConfig): GetSessionResult {
  const call = serverCall(req);
  return call ? (await createAuth(config).session({ ...call, extend: false })).session : null;
}
