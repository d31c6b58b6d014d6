import { AuthError } from "@portcullis/core";
import { json, type RequestHandler } from "@sveltejs/kit";

/** `{ answer: locals.getAccessToken(provider) }`; an AuthError as a 400 naming its type. */
export const GET: RequestHandler = async ({ locals, url }) => {
  try {
    return json({ answer: await locals.getAccessToken(url.searchParams.get("provider") ?? "idp") });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return json({ error: error.type }, { status: 400 });
  }
};
