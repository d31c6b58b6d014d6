import { getSession } from "@portcullis/solid-start";
import type { APIEvent } from "@solidjs/start/server";
import { apiConfigOf } from "../../lib/auth";

/** The session of the `/api/auth` configuration (a function of the request) as JSON, or 401. */
export async function GET({ request }: APIEvent): Promise<Response> {
  const session = await getSession(request, apiConfigOf);
  return session ? Response.json(session) : Response.json({ error: "unauthenticated" }, { status: 401 });
}
