/**
 * The credentials sign-in as a client performs it (GET the CSRF token, POST the form with the
 * CSRF cookie), once with fetch to get a real session cookie, and as an autocannon request
 * sequence for the sign-in scenario.
 *
 * @module
 */
import type { SequenceRequest } from "autocannon";
import { BASE_PATH, CREDENTIALS, SESSION_COOKIE } from "../config";
import { cookieHeader, setsCookie } from "./cookies";

const CSRF_PATH = `${BASE_PATH}/csrf`;
const CALLBACK_PATH = `${BASE_PATH}/callback/credentials`;
const FORM = { "content-type": "application/x-www-form-urlencoded" };

function form(csrfToken: string): string {
  return new URLSearchParams({ csrfToken, ...CREDENTIALS }).toString();
}

/** Whether a callback response is a successful sign-in: a redirect that sets the session cookie. */
function signedIn(status: number, setCookies: readonly string[]): boolean {
  return status === 302 && setsCookie(setCookies, SESSION_COOKIE);
}

/** How a sign-in reaches the server: `fetch`, or a library's handler called in-process. */
export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Signs alice in once and returns the cookies a browser would then hold.
 *
 * @param origin The server's origin, `http://127.0.0.1:<port>`.
 * @param send How requests reach the server; default `fetch`.
 * @returns The Cookie header value, with the session cookie.
 * @throws When the CSRF request or the sign-in does not answer as a successful sign-in does.
 * @example
 * ```ts
 * const cookie = await signInOnce("http://127.0.0.1:3000");
 * ```
 */
export async function signInOnce(origin: string, send: Fetcher = fetch): Promise<string> {
  const csrf = await send(`${origin}${CSRF_PATH}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await send(`${origin}${CALLBACK_PATH}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM, cookie: cookieHeader(csrf.headers.getSetCookie()) },
    body: form(csrfToken),
  });
  await callback.arrayBuffer();
  const setCookies = callback.headers.getSetCookie();
  if (!signedIn(callback.status, setCookies))
    throw new Error(`sign-in failed at ${origin}: ${callback.status}`);
  return cookieHeader([...csrf.headers.getSetCookie(), ...setCookies]);
}

/** What one connection carries from the CSRF response to the POST. */
interface SignInContext {
  cookie?: string;
  csrfToken?: string;
}

/** A sign-in sequence and the count of its outcomes. */
export interface SignInSequence {
  requests: SequenceRequest<SignInContext>[];
  /** Sign-ins that succeeded and that did not, so far. */
  outcomes: { ok: number; failed: number };
}

function csrfTokenOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { csrfToken?: string }).csrfToken;
  } catch {
    return undefined;
  }
}

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/**
 * A fresh two-step sign-in sequence for autocannon: each connection GETs a CSRF token (with no
 * cookie, as a new visitor) and POSTs the credentials form with the cookies it got, over and
 * over. Each POST's answer is counted as a success or a failure.
 *
 * @returns The requests and the live outcome counters.
 * @example
 * ```ts
 * const { requests, outcomes } = signInSequence();
 * await autocannon({ url: origin, requests, duration: 5 });
 * ```
 */
export function signInSequence(): SignInSequence {
  const outcomes = { ok: 0, failed: 0 };
  const requests: SequenceRequest<SignInContext>[] = [
    {
      method: "GET",
      path: CSRF_PATH,
      onResponse: (_status, body, context, headers) => {
        context.cookie = cookieHeader(asList(headers["set-cookie"]));
        context.csrfToken = csrfTokenOf(body);
      },
    },
    {
      method: "POST",
      path: CALLBACK_PATH,
      // No token means the first step failed: returning null restarts the sequence.
      setupRequest: (request, context) =>
        context.csrfToken && context.cookie
          ? { ...request, headers: { ...FORM, cookie: context.cookie }, body: form(context.csrfToken) }
          : null,
      onResponse: (status, _body, _context, headers) => {
        if (signedIn(status, asList(headers["set-cookie"]))) outcomes.ok++;
        else outcomes.failed++;
      },
    },
  ];
  return { requests, outcomes };
}
