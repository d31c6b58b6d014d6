/**
 * Sign-in methods that a provider brings with it (`carriedFlow`) instead of `Auth` holding them:
 * OAuth 2 / OpenID Connect, set by the OAuth factories and `OAuth()`; email, set by `Email()`
 * and the other email factories; WebAuthn, set by `WebAuthn()` and `Passkey()`; and OAuth 1.0a,
 * set by `Twitter({ version: "1.0A" })`. Only credentials sign-in is `Auth`'s own.
 *
 * Why: a bundler follows every static import from `Auth` and cannot tell which methods an app
 * configures. OAuth brings oauth4webapi, WebAuthn `@simplewebauthn/server` and its certificate
 * parsers (about 320 KB minified); reached only through their provider modules, they land in the
 * bundles of the apps that import one, and nowhere else.
 */
import type { ProviderConfig } from "../types";
import type { Flow } from "./types";

/**
 * The flow a provider carries, if it carries a usable one.
 *
 * @param provider - A provider configuration.
 * @returns Its `carriedFlow` when that has sign-in and callback handlers, else undefined.
 * @example
 * ```ts
 * const flow = carriedFlow(Passkey()); // the WebAuthn flow
 * ```
 */
export function carriedFlow(provider: ProviderConfig): Flow | undefined {
  const flow = provider.carriedFlow as Partial<Flow> | undefined;
  return typeof flow?.signIn === "function" && typeof flow.callback === "function"
    ? (flow as Flow)
    : undefined;
}

/**
 * Whether `Auth` can only run this provider with a flow it carries: every provider but a
 * credentials one. Such a provider written by hand as a plain object (or by a factory of another
 * library) lacks it, which the configuration check reports with the function that adds it.
 *
 * @param provider - A provider configuration.
 * @returns True when the provider's type has no flow in `Auth` itself.
 * @example
 * ```ts
 * if (needsCarriedFlow(provider) && !carriedFlow(provider)) throw new Error("use Passkey()");
 * ```
 */
export function needsCarriedFlow(provider: ProviderConfig): boolean {
  return provider.type !== "credentials";
}
