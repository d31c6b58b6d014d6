/** The session of a request as middleware reads it: with the cookies that keep it alive. */
import { Auth, type AuthConfig, type Session, sessionFromResponse } from "@portcullis/core";
import { lazyRequest } from "@portcullis/core/node";
import { actionUrl, forwardedHeaders } from "./core-request";

/** A session and the Set-Cookie headers the core answered with it. */
export interface SessionRead {
  session: Session | null;
  /** The refreshed session cookie (sliding expiry), for the response; empty without a session. */
  cookies: string[];
}

/**
 * Asks the core's session action for the session of a request, keeping the Set-Cookie headers it
 * answers (a JWT session is re-issued with a new expiry). Fails closed: anything but a 200 JSON
 * object, or any error, is no session and no cookies.
 *
 * @param request The incoming request (its cookies and host headers are used).
 * @param config The resolved configuration.
 * @returns The session and its cookies. Never throws.
 */
export async function readSession(request: Request, config: AuthConfig): Promise<SessionRead> {
  try {
    const url = actionUrl("session", request.headers, config);
    const headers = () => forwardedHeaders(request.headers);
    const response = await Auth(lazyRequest({ url: url.href, method: "GET", headers }), config);
    const session = await sessionFromResponse(response);
    return { session, cookies: session ? response.headers.getSetCookie() : [] };
  } catch {
    return { session: null, cookies: [] };
  }
}
