import { AuthError } from "@portcullis/core";
import { signIn } from "../../../auth";

export const dynamic = "force-dynamic";

/** Calls server-side `signIn` as a server action would, with the posted JSON as its options. */
export async function POST(request: Request): Promise<Response> {
  const { provider, ...options } = (await request.json()) as { provider?: string } & Record<string, unknown>;
  try {
    return Response.json({ url: await signIn(provider, options) });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error; // Next.js's redirect signal among others.
    const code = "code" in error ? error.code : undefined;
    return Response.json({ error: error.type, name: error.name, code }, { status: 400 });
  }
}
