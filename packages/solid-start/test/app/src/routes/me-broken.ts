import { getSession } from "@portcullis/solid-start";
import type { APIEvent } from "@solidjs/start/server";
import { brokenConfig } from "../lib/auth";

/** The session as JSON, or 401, read with the configuration the core answers with a 500. */
export async function GET({ request }: APIEvent): Promise<Response> {
  const session = await getSession(request, brokenConfig);
  return session ? Response.json(session) : Response.json({ error: "unauthenticated" }, { status: 401 });
}
