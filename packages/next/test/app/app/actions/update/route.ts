import { unstable_update } from "../../../auth";

export const dynamic = "force-dynamic";

/** Calls `unstable_update` with the posted JSON as the new data. */
export async function POST(request: Request): Promise<Response> {
  return Response.json(await unstable_update((await request.json()) as { user: { name: string } }));
}
