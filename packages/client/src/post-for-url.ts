import type { ResolvedClient } from "./configure-client";
import { type ActionRequest, requestJson, unexpectedAnswer } from "./request-json";

/** Where the server would have redirected a form POST to. */
export interface RedirectAnswer {
  status: number;
  url: string;
  /** The error type a Portcullis server names beside the URL of a refusing redirect. */
  error?: string;
}

/**
 * Posts a form to an action with `X-Auth-Return-Redirect: 1`, so the server answers
 * `200 {"url": ...}` where it would otherwise redirect, and returns that URL. Error redirects
 * (`?error=...`) come back the same way; only an answer without a URL is a failure.
 *
 * @throws ClientFetchError when the server is unreachable, answers with an error status, or sends
 *   no valid http(s) `url`.
 */
export async function postForUrl(client: ResolvedClient, request: ActionRequest): Promise<RedirectAnswer> {
  const answer = await requestJson(client, { ...request, method: "POST", returnRedirect: true });
  if (!answer.ok) throw unexpectedAnswer(client, request, answer);
  const { url, error } = (answer.body ?? {}) as { url?: unknown; error?: unknown };
  const resolved = typeof url === "string" ? absolute(url, client.apiUrl) : undefined;
  if (resolved === undefined) {
    throw unexpectedAnswer(client, request, answer, `answered ${answer.status} without a url`);
  }
  return typeof error === "string" && error
    ? { status: answer.status, url: resolved, error }
    : { status: answer.status, url: resolved };
}

/**
 * The error of a refusing redirect answer. A Portcullis server names it beside the URL, which
 * settles it: the refusal URL (the sign-in page with `?error=`) may be the very page the user is
 * on, and so the callback URL sent. A server that does not (Auth.js) is read by the URL: its
 * `?error=`, unless the answer is the page the client asked to return to, whose URL may carry an
 * `error` of its own (a custom sign-in page reached as `/login?error=SessionRequired`).
 *
 * @param answer The server's answer.
 * @param callbackUrl The callback URL the client sent, if any.
 * @param base The server's URL, against which the server resolves a relative callback URL.
 * @returns The error type, or `undefined` when the answer is no refusal.
 * @example
 * ```ts
 * answeredError({ status: 200, url: "https://app.example/auth/signin?error=MissingCSRF" }, "/", "https://app.example/auth") // "MissingCSRF"
 * ```
 */
export function answeredError(
  answer: RedirectAnswer,
  callbackUrl: string | undefined,
  base: string,
): string | undefined {
  if (answer.error !== undefined) return answer.error;
  const error = new URL(answer.url).searchParams.get("error");
  if (error === null) return undefined;
  if (callbackUrl !== undefined && absolute(callbackUrl, base) === answer.url) return undefined;
  return error;
}

/**
 * `url` resolved against the server (so a relative answer leads to the server's page), if it is
 * an http(s) URL. Whatever comes back is navigated to, and a `javascript:` URL there would run in
 * the app's page: a redirect Location never could, so a server (compromised, or a cross-origin
 * `baseUrl`) must not get that power through the JSON answer either.
 */
function absolute(url: string, base: string): string | undefined {
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === "https:" || resolved.protocol === "http:" ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}
