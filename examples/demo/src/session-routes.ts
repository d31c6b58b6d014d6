/**
 * The demo's session-control routes: the forms of "Your sessions" post here, these call the
 * engine's server face, and the browser is sent back home. The core's own `/auth/sessions/*`
 * routes answer JSON for scripts; a plain form wants a page, hence these.
 */
import { type AuthEngine, type RevokeResult, type ServerCall, setCookieHeader } from "@portcullis/core";
import { refuse } from "./refusal";

type Operation = (auth: AuthEngine, call: ServerCall, form: URLSearchParams) => Promise<RevokeResult | null>;

const OPERATIONS: ReadonlyMap<string, Operation> = new Map<string, Operation>([
  ["/sessions/revoke", (auth, call, form) => auth.revokeSession(form.get("id") ?? "", call)],
  ["/sessions/revoke-others", (auth, call) => auth.revokeOtherSessions(call)],
  ["/sessions/revoke-all", (auth, call) => auth.revokeAllSessions(call)],
]);

/** What the home page's forms send (they have no `enctype`). */
const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * Whether the post comes from one of the demo's own pages. The server face checks no CSRF token
 * (it serves server code, which must check its own requests), so these routes do: a browser
 * names the page's origin in `Origin` on every form post, and another site cannot forge it.
 */
function fromOwnPage(request: Request): boolean {
  return request.headers.get("origin") === new URL(request.url).origin;
}

/**
 * The fields of a session form, or the refusal of a body that is not one. Only the home page's
 * URL-encoded forms are read: any other type (JSON, text, multipart) is a client that did not
 * use them.
 */
async function readForm(request: Request, refusal: (status: number, reason: string) => Response) {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== FORM_TYPE) return refusal(415, `Post the home page's form (${FORM_TYPE}).`);
  try {
    return new URLSearchParams(await request.text());
  } catch (error) {
    // The request from requestFromNode fails a read past the core's 64 KiB limit with status
    // 413, as the auth routes answer; any other failure is a body that broke off.
    if ((error as { status?: unknown }).status === 413) return refusal(413, "The body is too large.");
    return refusal(400, "The body could not be read to its end.");
  }
}

/**
 * Answers a post to one of the session routes; undefined for any other path.
 *
 * @param request The request (its URL's origin is the one the browser used).
 * @param auth The demo's engine.
 * @returns A 303 home (`?revoked=N`, with the cookies the engine set: signing out everywhere
 * clears this browser's); or a logged refusal: 405 for another method, 403 for a post from
 * another site, 415 for a body that is not a URL-encoded form, 413 for one past 64 KiB.
 * @example
 * ```ts
 * const answer = await sessionRoute(request, createAuth(config));
 * if (answer) return answer;
 * ```
 */
export async function sessionRoute(request: Request, auth: AuthEngine): Promise<Response | undefined> {
  const url = new URL(request.url);
  const operation = OPERATIONS.get(url.pathname);
  if (!operation) return undefined;
  const refusal = (status: number, reason: string) =>
    refuse(request.method, `${url.pathname}${url.search}`, status, reason);
  if (request.method !== "POST") return refusal(405, "Use the forms on the home page.");
  if (!fromOwnPage(request)) return refusal(403, "Cross-site request refused.");
  const form = await readForm(request, refusal);
  if (form instanceof Response) return form;
  const result = await operation(auth, { headers: request.headers }, form);
  const home = result ? `/?revoked=${result.revoked}` : "/";
  const headers = new Headers({ Location: home });
  for (const cookie of result?.cookies ?? []) headers.append("Set-Cookie", setCookieHeader(cookie));
  return new Response(null, { status: 303, headers });
}
