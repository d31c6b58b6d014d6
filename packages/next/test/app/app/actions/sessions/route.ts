import { AuthError } from "@portcullis/core";
import {
  listSessions,
  revokeOtherSessions,
  revokeSession,
  revokeSessions,
  signOutEverywhere,
} from "../../../auth";

export const dynamic = "force-dynamic";

/** The caller's sessions, as server code lists them. */
export async function GET(): Promise<Response> {
  return answer(async () => ({ sessions: await listSessions() }));
}

interface Operation {
  operation: "revoke" | "revoke-others" | "everywhere" | "revoke-user";
  id?: string;
  userId?: string;
  redirect?: boolean;
  redirectTo?: string;
}

/** Runs the posted session-control operation as a server action would. */
export async function POST(request: Request): Promise<Response> {
  const { operation, id = "", userId = "", ...options } = (await request.json()) as Operation;
  return answer(async () => {
    if (operation === "revoke") return { revoked: await revokeSession(id) };
    if (operation === "revoke-others") return { revoked: await revokeOtherSessions() };
    if (operation === "everywhere") return { url: await signOutEverywhere(options) };
    return { revoked: await revokeSessions(userId) };
  });
}

/** The operation's answer as JSON; an AuthError as a 400 naming its type. */
async function answer(run: () => Promise<unknown>): Promise<Response> {
  try {
    return Response.json(await run());
  } catch (error) {
    if (!(error instanceof AuthError)) throw error; // Next.js's redirect signal among others.
    return Response.json({ error: error.type }, { status: 400 });
  }
}
