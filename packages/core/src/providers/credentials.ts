/**
 * The credentials provider: sign-in with fields your app checks (a username and password, a
 * one-time code...). `authorize` receives the whole submitted body and the request.
 *
 * @module
 */
import type { CredentialInput, CredentialsConfig } from "../types";

/**
 * What `Credentials()` accepts: everything optional. Without `authorize` every sign-in is
 * refused (`CredentialsSignin`), as in Auth.js, whose factory defaults it to `() => null`.
 */
export type CredentialsUserConfig<C extends Record<string, CredentialInput>> = Partial<
  Omit<CredentialsConfig<C>, "type">
>;

/**
 * A credentials provider. Return the user from `authorize`, or null (or throw
 * `CredentialsSignin`) to reject; the user is sent back to the sign-in page with
 * `?error=CredentialsSignin&code=credentials`. Works with JWT and database sessions.
 *
 * @param config `authorize` (without it, every sign-in is refused, as in Auth.js) and, optionally,
 * `id`, `name` and the form `credentials`.
 * @example
 * ```ts
 * import Credentials from "@portcullis/core/providers/credentials"
 * Credentials({
 *   credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
 *   authorize: async ({ email, password }) => findUserWithPassword(email, password),
 * })
 * ```
 */
export default function Credentials<
  C extends Record<string, CredentialInput> = Record<string, CredentialInput>,
>(config: CredentialsUserConfig<C> = {}): CredentialsConfig<C> {
  return {
    id: "credentials",
    name: "Credentials",
    credentials: {} as C,
    // Fails closed: a provider nobody gave a check to accepts no one.
    authorize: () => null,
    ...config,
    type: "credentials",
  };
}
