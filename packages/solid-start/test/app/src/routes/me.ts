import { getSession } from "@portcullis/solid-start";
import type { APIEvent } from "@solidjs/start/server";
import { appConfig } from "../lib/auth";

/** The session as JSON, or 401. */
export async function GET({ request }: APIEvent): Promise<Response> {
  const session = await getSession(request, appConfig);
  return session ? Response.json(session) : Response.json({ error: "unauthenticated" }, { status: 401 });
}
