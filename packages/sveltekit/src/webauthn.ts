/**
 * @portcullis/sveltekit/webauthn: `signIn` for passkeys, as `@auth/sveltekit/webauthn` has it. It
 * asks the server what to do (`webauthn-options`), lets the browser create or use a passkey, and
 * posts the result to the provider's callback.
 *
 * @module
 */
import {
  getCsrfToken,
  getProviders,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignInResult,
} from "@portcullis/client";
import { authBasePath } from "./client";
import { runCeremony, type WebAuthnOptionsAnswer } from "./webauthn-ceremony";

/** Option keys that steer this function rather than go to the server. */
const OWN_KEYS = new Set([
  "redirect",
  "redirectTo",
  "callbackUrl",
  "basePath",
  "baseUrl",
  "fetch",
  "navigate",
]);

/** The provider's fields (e.g. `email`, `action`) as strings, for the options query and the form. */
function fieldsOf(options: SignInOptions): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(options))
    if (!OWN_KEYS.has(key) && value !== undefined && value !== null) fields[key] = String(value);
  return fields;
}

/**
 * Posts the ceremony's result to the callback and answers where the server would redirect: with
 * `X-Auth-Return-Redirect`, as JSON `{url}`, since a fetch cannot follow a redirect as a page does.
 */
async function postCallback(
  doFetch: typeof fetch,
  url: string,
  form: URLSearchParams,
): Promise<{ target: string; error?: string }> {
  const answer = await doFetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: form,
  });
  const body = (await answer.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
  const resolved = typeof body?.url === "string" ? httpUrl(body.url, url) : undefined;
  if (resolved === undefined)
    throw new Error(`The WebAuthn callback answered ${answer.status} without an http(s) url.`);
  return typeof body?.error === "string" && body.error
    ? { target: resolved, error: body.error }
    : { target: resolved };
}

/**
 * The error a refused callback names: beside the URL from a Portcullis server, which settles it;
 * else the URL's `?error=`, unless the URL is the page asked to return to, whose own URL may
 * carry one (a custom sign-in page reached as `/login?error=SessionRequired`).
 */
function refusalOf(answer: { target: string; error?: string }, redirectTo: string): string | undefined {
  if (answer.error !== undefined) return answer.error;
  const error = new URL(answer.target).searchParams.get("error") ?? undefined;
  return error !== undefined && httpUrl(redirectTo, answer.target) === answer.target ? undefined : error;
}

/**
 * `target` resolved against `base`, if it is an http(s) URL: it is navigated to next, and a
 * `javascript:` URL would run in the app's page.
 */
function httpUrl(target: string, base: string): string | undefined {
  try {
    const resolved = new URL(target, base);
    return resolved.protocol === "https:" || resolved.protocol === "http:" ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signs in with a passkey: fetches `{basePath}/webauthn-options/<provider>` (with the option
 * fields, e.g. `email` to register a new passkey), runs the browser's WebAuthn ceremony, and posts
 * `action`, `data` and the CSRF token to `{basePath}/callback/<provider>`.
 *
 * @param provider The id of a WebAuthn provider (`"webauthn"`, `"passkey"`).
 * @param options `redirectTo` (default: the current page), `redirect` (default `true`; `false`
 *   answers a {@link SignInResult}), `basePath` (default `/auth` under `paths.base`), and the
 *   fields the options action reads.
 * @param authorizationParams Sent as the query of the callback POST, as Auth.js does.
 * @returns A {@link SignInResult} with `redirect: false`, else `undefined`.
 * @throws TypeError when `provider` is not a WebAuthn provider of the server.
 * @throws Error when the server refuses the options request; DOMException when the person cancels.
 * @example
 * ```ts
 * import { signIn } from "@portcullis/sveltekit/webauthn"
 * await signIn("passkey", { redirectTo: "/account" })
 * ```
 */
export async function signIn(
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  const client = { basePath: authBasePath(), ...options };
  const providers = await getProviders(client);
  if (provider === undefined || providers?.[provider]?.type !== "webauthn") {
    throw new TypeError(
      `"${provider}" is not a WebAuthn provider of this server; use signIn from @portcullis/sveltekit/client.`,
    );
  }
  const fields = fieldsOf(options);
  const api = `${client.baseUrl ?? window.location.origin}${client.basePath.replace(/\/+$/, "")}`;
  const doFetch = client.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const optionsUrl = `${api}/webauthn-options/${encodeURIComponent(provider)}?${new URLSearchParams(fields)}`;
  const optionsAnswer = await doFetch(optionsUrl, { credentials: "same-origin" });
  if (!optionsAnswer.ok) throw new Error(`webauthn-options answered ${optionsAnswer.status}.`);
  const ceremony = await runCeremony((await optionsAnswer.json()) as WebAuthnOptionsAnswer);

  const redirectTo = options.redirectTo ?? options.callbackUrl ?? window.location.href;
  const form = new URLSearchParams({
    ...fields,
    ...ceremony,
    csrfToken: await getCsrfToken(client),
    callbackUrl: redirectTo,
  });
  const callbackUrl = `${api}/callback/${encodeURIComponent(provider)}?${new URLSearchParams(authorizationParams)}`;
  const answer = await postCallback(doFetch, callbackUrl, form);
  const { target } = answer;
  if (options.redirect ?? true) {
    (client.navigate ?? ((to: string) => window.location.assign(to)))(target);
    return undefined;
  }
  const error = refusalOf(answer, redirectTo);
  return {
    error,
    code: error === undefined ? undefined : (new URL(target).searchParams.get("code") ?? undefined),
    // The callback answers its redirect as a 200 JSON, a refusal with its `error` beside the URL.
    status: 200,
    ok: error === undefined,
    url: error === undefined ? target : null,
  };
}
