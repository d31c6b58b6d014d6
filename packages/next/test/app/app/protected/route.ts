import { auth } from "../../auth";

export const dynamic = "force-dynamic";

// Reached only through the proxy, whose `authorized` callback lets signed-in requests in.
export async function GET(request: Request): Promise<Response> {
  const session = await auth();
  return Response.json({ user: session?.user ?? null, proxy: request.headers.get("x-proxy-saw") });
}
