import { signOut } from "../../../auth";

export const dynamic = "force-dynamic";

/** Calls server-side `signOut` with the posted JSON as its options. */
export async function POST(request: Request): Promise<Response> {
  const options = (await request.json()) as { redirect?: boolean; redirectTo?: string };
  return Response.json({ url: await signOut(options) });
}
