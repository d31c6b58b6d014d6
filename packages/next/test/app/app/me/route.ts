import { auth } from "../../auth";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const session = await auth();
  return session ? Response.json(session) : Response.json({ error: "unauthenticated" }, { status: 401 });
}
