import { json, type RequestHandler } from "@sveltejs/kit";
import { controlled } from "../../../lib/auth";

/** `locals.sessions.list()`, with whether locals.auth() sees a session. */
export const GET: RequestHandler = async ({ locals }) =>
  json({ sessions: await locals.sessions.list(), signedIn: (await locals.auth()) !== null });

/**
 * Runs the operation the path names with the posted JSON. The session is read first, so the answer
 * shows whether locals.auth() forgets it once this request's own session ended.
 */
export const POST: RequestHandler = async ({ locals, params, request }) => {
  const { id = "", userId = "" } = (await request.json()) as { id?: string; userId?: string };
  await locals.auth();
  const run: Record<string, () => Promise<number | null>> = {
    revoke: () => locals.sessions.revoke(id),
    "revoke-others": () => locals.sessions.revokeOthers(),
    "revoke-all": () => locals.sessions.revokeAll(),
    "revoke-user": () => controlled.revokeSessions(userId),
  };
  const operation = run[params.operation ?? ""];
  if (!operation) return json({ error: "unknown operation" }, { status: 404 });
  const revoked = await operation();
  return json({ revoked, signedIn: (await locals.auth()) !== null });
};
