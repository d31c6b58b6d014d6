/**
 * Which message the sign-in page shows for its `error` query parameter.
 *
 * @module
 */
import type { Messages } from "./messages";

type SignInErrorKey = Extract<keyof Messages, `signInError${string}`>;

/** Message key per error value. A Map, so values like `__proto__` or `constructor` find nothing. */
const MESSAGE_KEYS: ReadonlyMap<string, SignInErrorKey> = new Map<string, SignInErrorKey>([
  ["Signin", "signInErrorSignin"],
  ["OAuthSignin", "signInErrorOAuthSignin"],
  ["OAuthSignInError", "signInErrorOAuthSignin"],
  ["OAuthCallbackError", "signInErrorOAuthCallback"],
  ["OAuthCreateAccount", "signInErrorOAuthCreateAccount"],
  ["EmailCreateAccount", "signInErrorEmailCreateAccount"],
  ["Callback", "signInErrorCallback"],
  ["OAuthAccountNotLinked", "signInErrorOAuthAccountNotLinked"],
  ["EmailSignin", "signInErrorEmailSignin"],
  ["EmailSignInError", "signInErrorEmailSendFailed"],
  ["CredentialsSignin", "signInErrorCredentialsSignin"],
  ["SessionRequired", "signInErrorSessionRequired"],
  ["MissingCSRF", "signInErrorMissingCSRF"],
  ["AccountNotLinked", "signInErrorAccountNotLinked"],
  ["OAuthProviderUnavailable", "signInErrorProviderUnavailable"],
  ["RateLimited", "signInErrorRateLimited"],
  ["SessionStoreUnavailable", "signInErrorUnavailable"],
  ["RateLimitStoreUnavailable", "signInErrorUnavailable"],
  ["Configuration", "signInErrorConfiguration"],
]);

/**
 * Returns the human message for a sign-in page error value, in the page's language. The value
 * comes from the query string, so it is only used as a lookup key and never shown: an unknown
 * value gets the default message, which keeps the page from displaying text an attacker wrote
 * into a link.
 *
 * @param error - the `error` query parameter.
 * @param messages - the page's texts.
 * @returns the message to show.
 * @example
 * ```ts
 * signInErrorMessage("CredentialsSignin", en) // "Sign-in failed. Check that the details you entered are correct."
 * ```
 */
export function signInErrorMessage(error: string, messages: Messages): string {
  return messages[MESSAGE_KEYS.get(error) ?? "signInErrorDefault"];
}
