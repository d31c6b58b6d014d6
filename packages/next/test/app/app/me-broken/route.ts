import { broken } from "../../auth";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const session = await broken.auth();
  return session ? Response.json(session) : Response.json({ error: "unauthenticated" }, { status: 401 });
}
