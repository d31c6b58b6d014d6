import { json, type RequestHandler } from "@sveltejs/kit";

/** Whether two calls of locals.auth() share one read, and the session they read. */
export const GET: RequestHandler = async ({ locals }) => {
  const first = locals.auth();
  const second = locals.auth();
  return json({ same: first === second, session: await first });
};
