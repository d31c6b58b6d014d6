import { currentPage } from "./browser";
import { type ResolvedClient, resolveClient } from "./configure-client";
import { fetchCsrfToken } from "./get-csrf-token";
import { fetchProviders } from "./get-providers";
import { answeredError, postForUrl, type RedirectAnswer } from "./post-for-url";
import type { PublicProvider, SignInAuthorizationParams, SignInOptions, SignInResult } from "./types";

/** Option keys that steer the client and never go into the form. */
const CLIENT_KEYS = new Set([
  "redirect",
  "redirectTo",
  "callbackUrl",
  "basePath",
  "baseUrl",
  "fetch",
  "navigate",
]);

/**
 * Starts a sign-in the way next-auth/react's `signIn` does, over the same HTTP calls:
 *
 * - no `provider`, or one the server does not list: navigates to the sign-in page
 *   (`{basePath}/signin?callbackUrl=...`);
 * - OAuth / OIDC: posts to `signin/{provider}` and navigates to the authorization URL it answers;
 * - email: posts to `signin/{provider}` (pass `email` in the options), then navigates to the
 *   verify-request page;
 * - credentials: posts to `callback/{provider}` with the extra option fields as the credentials,
 *   then navigates to `redirectTo` (or to the sign-in page with `?error=CredentialsSignin`).
 *
 * Email and credentials sign-ins with `redirect: false` do not navigate; they answer a
 * {@link SignInResult} instead. Unlike next-auth/react, its `ok` is `false` when the sign-in
 * failed (the server answers a failed sign-in with status 200 and a URL naming an `error`, other
 * than the callback URL: that URL may carry an `error` of its own, and reaching it is success).
 *
 * @param provider Provider id, e.g. `"github"`, `"email"`, `"credentials"`.
 * @param options `redirect`, `redirectTo` (alias `callbackUrl`; default: the current page), client
 *   options, and any form fields the provider reads.
 * @param authorizationParams Sent as the query string of the POST; OAuth providers add them to the
 *   authorization URL (e.g. `{ prompt: "login" }`).
 * @returns A {@link SignInResult} for email and credentials with `redirect: false`, else `undefined`.
 * @throws ClientFetchError when the server is unreachable or answers with an error.
 * @throws TypeError for a WebAuthn provider, whose ceremony needs the browser's WebAuthn API.
 * @see SPEC.md "Programmatic operations" (signIn), WIRE.md "Redirect or JSON"
 * @example
 * ```ts
 * import { signIn } from "@portcullis/client"
 * const result = await signIn("credentials", { username: "alice", password: "secret", redirect: false })
 * if (result?.error) console.warn("Wrong username or password")
 * ```
 */
export async function signIn(
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  const client = resolveClient(options);
  const callbackUrl = options.redirectTo ?? options.callbackUrl ?? currentPage();
  const providers = await fetchProviders(client, "signIn");
  if (providers === null) {
    client.navigate(`${client.apiUrl}/error`);
    return undefined;
  }
  const chosen =
    provider !== undefined && Object.hasOwn(providers, provider) ? providers[provider] : undefined;
  if (provider === undefined || chosen === undefined) {
    client.navigate(signInPage(client, callbackUrl));
    return undefined;
  }
  if (chosen.type === "webauthn") {
    throw new TypeError(
      `signIn: "${provider}" is a WebAuthn provider; its sign-in needs a WebAuthn ceremony.`,
    );
  }
  const answer = await postSignIn(
    client,
    { id: provider, type: chosen.type },
    options,
    callbackUrl,
    authorizationParams,
  );
  const canReturn = chosen.type === "credentials" || chosen.type === "email";
  // OAuth cannot return: the authorization URL is the next step, so it is always followed.
  if ((options.redirect ?? true) || !canReturn) {
    client.navigate(answer.url);
    return undefined;
  }
  return resultOf(answer, answeredError(answer, callbackUrl, client.apiUrl));
}

/** Posts the sign-in form: credentials straight to their callback, every other type to `signin`. */
async function postSignIn(
  client: ResolvedClient,
  provider: Pick<PublicProvider, "id" | "type">,
  options: SignInOptions,
  callbackUrl: string | undefined,
  authorizationParams: SignInAuthorizationParams | undefined,
): Promise<RedirectAnswer> {
  const csrfToken = await fetchCsrfToken(client, "signIn");
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(options)) {
    if (!CLIENT_KEYS.has(key) && value !== undefined && value !== null) form.set(key, String(value));
  }
  form.set("csrfToken", csrfToken);
  if (callbackUrl !== undefined) form.set("callbackUrl", callbackUrl);
  const route = provider.type === "credentials" ? "callback" : "signin";
  return postForUrl(client, {
    operation: "signIn",
    method: "POST",
    action: `${route}/${encodeURIComponent(provider.id)}`,
    query: new URLSearchParams(authorizationParams),
    form,
  });
}

/** The built-in sign-in page, coming back to `callbackUrl` afterwards. */
function signInPage(client: ResolvedClient, callbackUrl: string | undefined): string {
  const query = callbackUrl === undefined ? "" : `?${new URLSearchParams({ callbackUrl })}`;
  return `${client.apiUrl}/signin${query}`;
}

/** The outcome of a sign-in: where the server would have redirected to, and the error it names. */
function resultOf(answer: RedirectAnswer, error: string | undefined): SignInResult {
  const code = error === undefined ? undefined : (new URL(answer.url).searchParams.get("code") ?? undefined);
  return {
    error,
    code,
    status: answer.status,
    ok: error === undefined,
    url: error === undefined ? answer.url : null,
  };
}
