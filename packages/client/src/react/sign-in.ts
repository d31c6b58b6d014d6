import { signIn as clientSignIn } from "../sign-in";
import type { SignInAuthorizationParams, SignInOptions, SignInResult } from "../types";
import { reactOptions } from "./client-config";
import { announceSessionChange } from "./session-events";

/**
 * The client's `signIn`, which also tells every `SessionProvider` (on this page and in other
 * tabs) when a sign-in that stays on the page succeeds, so `useSession` turns authenticated
 * without a reload. A sign-in that navigates needs no notice: the next page fetches its session.
 * Unless `options` say otherwise, it posts under the `SessionProvider`'s `basePath`, else
 * `/api/auth`, as next-auth/react does.
 *
 * @param provider Provider id, e.g. `"credentials"`; see the client's `signIn`.
 * @param options `redirect`, `redirectTo`, client options and the provider's form fields.
 * @param authorizationParams Extra parameters for an OAuth authorization request.
 * @returns A `SignInResult` for email and credentials with `redirect: false`, else `undefined`.
 * @throws ClientFetchError when the server is unreachable or answers with an error.
 * @example
 * ```ts
 * import { signIn } from "@portcullis/client/react"
 * await signIn("credentials", { username: "alice", password: "secret", redirect: false })
 * ```
 */
export async function signIn(
  provider?: string,
  options?: SignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  const result = await clientSignIn(provider, reactOptions(options ?? {}), authorizationParams);
  if (result?.ok) announceSessionChange("signin");
  return result;
}
