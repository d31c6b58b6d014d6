import { revokeSessions } from "@portcullis/solid-start";
import type { APIEvent } from "@solidjs/start/server";
import { storeConfig } from "../../lib/auth";

/** Every session of the posted user revoked, as admin code would. */
export async function POST({ request }: APIEvent): Promise<Response> {
  const { userId } = (await request.json()) as { userId: string };
  return Response.json({ revoked: await revokeSessions(userId, storeConfig) });
}
