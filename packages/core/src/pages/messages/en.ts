/**
 * English: the reference catalogue. Every other locale must provide exactly these keys, which
 * the {@link Messages} type derived from this object enforces at compile time.
 *
 * @module
 */

/**
 * The English texts of the built-in pages. Placeholders in braces (`{provider}`, `{email}`) are
 * filled in and escaped when the page is rendered; every text is plain text, never markup.
 *
 * @example
 * ```ts
 * en.signOutButton // "Sign out"
 * ```
 */
export const en = {
  signInTitle: "Sign in",
  signInWith: "Sign in with {provider}",
  signInDivider: "or",
  signInNoProviders: "No sign-in methods are configured.",
  signInEmailLabel: "Email",
  signInEmailPlaceholder: "email@example.com",

  signInErrorSignin: "Sign-in did not complete. Try signing in with a different account.",
  signInErrorOAuthSignin:
    "We could not start signing in with that provider. Please try again, or choose another way to sign in.",
  signInErrorOAuthCallback:
    "The sign-in provider reported a problem. Please try again, or choose another way to sign in.",
  signInErrorOAuthCreateAccount:
    "We could not create an account from that provider's details. Please try again, or choose another way to sign in.",
  signInErrorEmailCreateAccount:
    "We could not create an account for that email address. Please try again, or choose another way to sign in.",
  signInErrorCallback:
    "Something went wrong while finishing your sign-in. Please try again, or choose another way to sign in.",
  signInErrorOAuthAccountNotLinked:
    "Your email address is already used with a different sign-in method. To confirm it is you, sign in the same way you did originally.",
  signInErrorEmailSignin:
    "That email address cannot be used to sign in. Check it and enter a valid address, such as name@example.com.",
  signInErrorEmailSendFailed: "We could not send the sign-in email. Check the address and try again.",
  signInErrorCredentialsSignin: "Sign-in failed. Check that the details you entered are correct.",
  signInErrorSessionRequired: "Please sign in to see this page.",
  signInErrorMissingCSRF: "This form has expired. Please try again.",
  signInErrorAccountNotLinked:
    "This sign-in method is already linked to a different account. Sign in the way you did originally.",
  signInErrorProviderUnavailable:
    "The sign-in provider could not be reached. Please try again in a moment, or choose another way to sign in.",
  signInErrorUnavailable: "Sign-in is unavailable for a moment. Please try again shortly.",
  signInErrorRateLimited: "Too many sign-in attempts. Please wait a few minutes, then try again.",
  signInErrorConfiguration: "Sign-in is not available right now because of a server configuration problem.",
  signInErrorDefault: "Something went wrong while signing in. Please try again.",
  signInWebAuthnNoPasskey:
    "No passkey is registered for this address. Sign in another way, then add a passkey.",
  signInWebAuthnFailed: "Passkey sign-in did not complete. Please try again.",

  signOutTitle: "Sign out",
  signOutQuestion: "Are you sure you want to sign out?",
  signOutButton: "Sign out",

  verifyRequestTitle: "Check your email",
  verifyRequestText: "A sign-in link has been sent to your email address.",
  verifyRequestCodeText:
    "A sign-in link and code have been sent to your email address. Follow the link, or enter the code here.",
  verifyRequestCodeOnlyText: "A sign-in code has been sent to your email address. Enter it here.",
  verifyRequestCodeLabel: "Code",
  verifyRequestCodeButton: "Sign in with code",
  verifyRequestCodeWrong: "That code is not right. Check the email and try again.",
  verifyRequestTextTo: "A sign-in link has been sent to {email}.",

  emailConfirmTitle: "Confirm sign in",
  emailConfirmQuestion: "Sign in as {email}?",
  emailConfirmButton: "Sign in",

  emailSubject: "Sign in to {host}",
  emailHeading: "Sign in to {host}",
  emailButton: "Sign in",
  emailIgnore: "If you did not request this email, you can safely ignore it.",
  emailCode: "Your sign-in code:",

  errorConfigurationHeading: "Server error",
  errorConfigurationText:
    "There is a problem with the server configuration. Check the server logs for more information.",
  errorAccessDeniedHeading: "Access denied",
  errorAccessDeniedText: "You do not have permission to sign in.",
  errorVerificationHeading: "Unable to sign in",
  errorVerificationText:
    "The sign-in link is no longer valid. It may have been used already, or it may have expired.",
  errorDefaultHeading: "Something went wrong",
  errorDefaultText: "An error occurred. Please try again later.",
  errorBadRequestHeading: "Bad request",
  errorBadRequestText: "This request could not be understood. Go back, reload the page and try again.",
  errorTooLargeHeading: "Too much data",
  errorTooLargeText: "The form sent more data than the server accepts. Go back and try again with less.",
  errorLinkHome: "Go to the home page",
  errorLinkSignIn: "Sign in",
  errorLinkSignInAgain: "Sign in again",
} as const;

/**
 * Every text of the built-in pages, by key. Derived from the English catalogue, so a locale
 * that misses a key, or has one English lacks, fails to compile.
 *
 * @example
 * ```ts
 * const pirate: Partial<Messages> = { signOutButton: "Abandon ship" };
 * ```
 */
export type Messages = { readonly [Key in keyof typeof en]: string };
