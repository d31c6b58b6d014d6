/**
 * The messages the sign-in page shows for its `error` query parameter.
 *
 * @module
 */

const TRY_ANOTHER = "Please try again, or choose another way to sign in.";

/** Message per error value. A Map, so values like `__proto__` or `constructor` find nothing. */
const MESSAGES: ReadonlyMap<string, string> = new Map([
  ["Signin", "Sign-in did not complete. Try signing in with a different account."],
  ["OAuthSignin", `We could not start signing in with that provider. ${TRY_ANOTHER}`],
  ["OAuthSignInError", `We could not start signing in with that provider. ${TRY_ANOTHER}`],
  ["OAuthCallbackError", `The sign-in provider reported a problem. ${TRY_ANOTHER}`],
  ["OAuthCreateAccount", `We could not create an account from that provider's details. ${TRY_ANOTHER}`],
  ["EmailCreateAccount", `We could not create an account for that email address. ${TRY_ANOTHER}`],
  ["Callback", `Something went wrong while finishing your sign-in. ${TRY_ANOTHER}`],
  [
    "OAuthAccountNotLinked",
    "Your email address is already used with a different sign-in method. To confirm it is you, sign in the same way you did originally.",
  ],
  [
    "EmailSignin",
    "That email address cannot be used to sign in. Check it and enter a valid address, such as name@example.com.",
  ],
  ["EmailSignInError", "We could not send the sign-in email. Check the address and try again."],
  ["CredentialsSignin", "Sign-in failed. Check that the details you entered are correct."],
  ["SessionRequired", "Please sign in to see this page."],
  ["MissingCSRF", "This form has expired. Please try again."],
  [
    "AccountNotLinked",
    "This sign-in method is already linked to a different account. Sign in the way you did originally.",
  ],
  [
    "OAuthProviderUnavailable",
    "The sign-in provider could not be reached. Please try again in a moment, or choose another way to sign in.",
  ],
  ["RateLimited", "Too many sign-in attempts. Please wait a few minutes, then try again."],
  ["Configuration", "Sign-in is not available right now because of a server configuration problem."],
]);

/** Shown for any value without a message of its own. */
export const DEFAULT_SIGNIN_ERROR_MESSAGE = "Something went wrong while signing in. Please try again.";

/**
 * Returns the human message for a sign-in page error value. The value comes from the query
 * string, so it is only used as a lookup key and never shown: an unknown value gets the default
 * message, which keeps the page from displaying text an attacker wrote into a link.
 *
 * @param error - the `error` query parameter.
 * @returns the message to show.
 * @example
 * ```ts
 * signInErrorMessage("CredentialsSignin") // "Sign-in failed. Check that the details you entered are correct."
 * ```
 */
export function signInErrorMessage(error: string): string {
  return MESSAGES.get(error) ?? DEFAULT_SIGNIN_ERROR_MESSAGE;
}
