import { currentPage } from "./browser";
import { ClientFetchError } from "./client-fetch-error";
import { type ResolvedClient, resolveClient } from "./configure-client";
import { fetchCsrfToken } from "./get-csrf-token";
import { answeredError, postForUrl } from "./post-for-url";
import type { SignOutOptions } from "./types";

/**
 * Signs the user out: posts `csrfToken` and `callbackUrl` to the `signout` action, which clears the
 * session cookies (and deletes a database session), then navigates to where the server sends the
 * user, as next-auth/react's `signOut` does.
 *
 * @param options `redirect` (default `true`), `redirectTo` (alias `callbackUrl`; default: the
 *   current page), `federated` (sign out at the identity provider too), and client options.
 * @returns `{ url }`, where the server would send the user, with `redirect: false`; else `undefined`.
 * @throws ClientFetchError when the server is unreachable, answers with an error, or refuses the
 *   sign-out (e.g. `MissingCSRF`); the session may then still exist, and nothing is navigated to.
 * @see WIRE.md "Actions" (signout POST)
 * @example
 * ```ts
 * import { signOut } from "@portcullis/client"
 * await signOut({ redirectTo: "/" })
 * ```
 */
export async function signOut(options: SignOutOptions = {}): Promise<{ url: string } | undefined> {
  const client = resolveClient(options);
  const csrfToken = await fetchCsrfToken(client, "signOut");
  const url = await postSignOut(client, "signOut", csrfToken, options);
  if (options.redirect ?? true) {
    client.navigate(url);
    return undefined;
  }
  return { url };
}

/**
 * Posts the sign-out form and answers where the server sends the user afterwards: the options'
 * `redirectTo` (or `callbackUrl`, or the current page) as the server's `redirect` callback allows it.
 *
 * @param client The resolved client.
 * @param operation The client function, for error messages.
 * @param csrfToken The token from `fetchCsrfToken`.
 * @param options Where the user should land.
 * @returns The absolute URL to navigate to.
 * @throws ClientFetchError when the server is unreachable, answers with an error, or refuses the
 *   sign-out (its answer names an `error`, e.g. `MissingCSRF`: the session still exists).
 * @example
 * ```ts
 * const url = await postSignOut(client, "signOut", csrfToken, { redirectTo: "/" })
 * ```
 */
export async function postSignOut(
  client: ResolvedClient,
  operation: string,
  csrfToken: string,
  options: Pick<SignOutOptions, "redirectTo" | "callbackUrl" | "federated">,
): Promise<string> {
  const callbackUrl = options.redirectTo ?? options.callbackUrl ?? currentPage();
  const form = new URLSearchParams({ csrfToken });
  if (callbackUrl !== undefined) form.set("callbackUrl", callbackUrl);
  if (options.federated !== undefined) form.set("federated", String(options.federated));
  const answer = await postForUrl(client, { operation, method: "POST", action: "signout", form });
  // The server answers a refused sign-out (a CSRF check that failed) with its sign-in page and
  // `?error=`, as a redirect: the session still exists, so this must not pass for a sign-out.
  const refusal = answeredError(answer, callbackUrl, client.apiUrl);
  if (refusal !== undefined)
    throw new ClientFetchError(
      operation,
      `the server refused the sign-out (${refusal}); the session still exists`,
    );
  return answer.url;
}
