/**
 * The demo's session-control routes: the forms of "Your sessions" post here, these call the
 * engine's server face, and the browser is sent back home. The core's own `/auth/sessions/*`
 * routes answer JSON for scripts; a plain form wants a page, hence these.
 */
import { type AuthEngine, type RevokeResult, type ServerCall, setCookieHeader } from "@portcullis/core";

type Operation = (auth: AuthEngine, call: ServerCall, form: FormData) => Promise<RevokeResult | null>;

const OPERATIONS: ReadonlyMap<string, Operation> = new Map<string, Operation>([
  ["/sessions/revoke", (auth, call, form) => auth.revokeSession(String(form.get("id") ?? ""), call)],
  ["/sessions/revoke-others", (auth, call) => auth.revokeOtherSessions(call)],
  ["/sessions/revoke-all", (auth, call) => auth.revokeAllSessions(call)],
]);

/**
 * Whether the post comes from one of the demo's own pages. The server face checks no CSRF token
 * (it serves server code, which must check its own requests), so these routes do: a browser
 * names the page's origin in `Origin` on every form post, and another site cannot forge it.
 */
function fromOwnPage(request: Request): boolean {
  return request.headers.get("origin") === new URL(request.url).origin;
}

/**
 * Answers a post to one of the session routes; undefined for any other path.
 *
 * @param request The request (its URL's origin is the one the browser used).
 * @param auth The demo's engine.
 * @returns A 303 home (`?revoked=N`, with the cookies the engine set: signing out everywhere
 * clears this browser's), a 405 for another method, or a 403 for a post from another site.
 * @example
 * ```ts
 * const answer = await sessionRoute(request, createAuth(config));
 * if (answer) return answer;
 * ```
 */
export async function sessionRoute(request: Request, auth: AuthEngine): Promise<Response | undefined> {
  const operation = OPERATIONS.get(new URL(request.url).pathname);
  if (!operation) return undefined;
  if (request.method !== "POST") return new Response("Use the forms on the home page.", { status: 405 });
  if (!fromOwnPage(request)) return new Response("Cross-site request refused.", { status: 403 });
  const result = await operation(auth, { headers: request.headers }, await request.formData());
  const home = result ? `/?revoked=${result.revoked}` : "/";
  const headers = new Headers({ Location: home });
  for (const cookie of result?.cookies ?? []) headers.append("Set-Cookie", setCookieHeader(cookie));
  return new Response(null, { status: 303, headers });
}
