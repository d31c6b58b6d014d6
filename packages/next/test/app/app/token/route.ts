import { AuthError } from "@portcullis/core";
import type { NextRequest } from "next/server";
import { getAccessToken } from "../../auth";

export const dynamic = "force-dynamic";

/** `{ answer: getAccessToken(provider) }` from a route handler, where Next.js lets it set cookies. */
export async function GET(request: NextRequest): Promise<Response> {
  const provider = request.nextUrl.searchParams.get("provider") ?? "idp";
  try {
    return Response.json({ answer: await getAccessToken(provider) });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return Response.json({ error: error.type }, { status: 400 });
  }
}
