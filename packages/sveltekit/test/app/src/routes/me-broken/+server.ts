import { json, type RequestHandler } from "@sveltejs/kit";

/** The session as JSON, or 401. */
export const GET: RequestHandler = async ({ locals }) => {
  const session = await locals.auth();
  return session ? json(session) : json({ error: "unauthenticated" }, { status: 401 });
};
