import { AuthError } from "@portcullis/core";
import { json, type RequestHandler } from "@sveltejs/kit";

/** `locals.sessions.list()` on the app's configuration, which keeps no session store. */
export const GET: RequestHandler = async ({ locals }) => {
  try {
    return json({ sessions: await locals.sessions.list() });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return json({ error: error.type }, { status: 400 });
  }
};
