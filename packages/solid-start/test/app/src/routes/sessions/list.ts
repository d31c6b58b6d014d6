import { listSessions } from "@portcullis/solid-start";
import type { APIEvent } from "@solidjs/start/server";
import { storeConfig } from "../../lib/auth";

/** The request's user's sessions as listSessions answers them (null when signed out). */
export async function GET({ request }: APIEvent): Promise<Response> {
  return Response.json({ sessions: await listSessions(request, storeConfig) });
}
