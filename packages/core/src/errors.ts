/**
 * Every error Portcullis raises is an {@link AuthError}: one base class with a closed set of
 * `type` literals, so callers can `switch (error.type)` and TypeScript narrows.
 *
 * Only the types in {@link CLIENT_SAFE_ERROR_TYPES} ever reach a URL or a response body; every
 * other type is shown to clients as `Configuration` and logged in full on the server.
 * Messages never contain secret material (tokens, cookies, codes, passwords).
 *
 * @module
 */
import type { SetCookie } from "./http/cookies";

/** The closed set of error types. */
export type ErrorType =
  | "AccessDenied"
  | "AccountNotLinked"
  | "AdapterError"
  | "AuthError"
  | "CallbackRouteError"
  | "CredentialsSignin"
  | "DuplicateConditionalUI"
  | "EmailSignin"
  | "EmailSignInError"
  | "ErrorPageLoop"
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidEndpoints"
  | "InvalidConfiguration"
  | "InvalidProvider"
  | "InvalidRequest"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "MissingWebAuthnAutocomplete"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "OAuthProviderUnavailable"
  | "OAuthSignInError"
  | "RateLimited"
  | "RateLimitStoreUnavailable"
  | "RefreshTokenError"
  | "SessionTokenError"
  | "SessionStoreUnavailable"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError";

/** Where a runtime error sends the user: the sign-in page or the error page. */
export type ErrorKind = "signIn" | "error";

/** Options accepted by every error constructor. */
export interface AuthErrorOptions {
  /** The underlying error, kept for the server log. */
  cause?: unknown;
}

/**
 * Base class of all Portcullis errors.
 *
 * @example
 * ```ts
 * import { AuthError } from "@portcullis/core/errors"
 * try { await signIn("credentials", form) } catch (e) { if (e instanceof AuthError) console.log(e.type) }
 * ```
 */
export class AuthError extends Error {
  /** Identifies the error in logs and, when client-safe, in the `error` query parameter. */
  readonly type: ErrorType = "AuthError";
  /** Which page a runtime error of this type redirects to. */
  readonly kind: ErrorKind = "error";

  #name: string | undefined;

  constructor(message?: string, options?: AuthErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
  }

  /**
   * The error's `type`, unless a name was assigned. Not the class name: minifiers (Next.js's
   * production server build among them) rename classes, and logs would then read `y: ...`.
   */
  override get name(): string {
    return this.#name ?? this.type;
  }

  override set name(name: string) {
    this.#name = name;
  }
}

/** An error of the sign-in kind: the user goes back to the sign-in page with `?error=<type>`. */
export class SignInError extends AuthError {
  override readonly kind: ErrorKind = "signIn";
}

/** The `signIn` callback returned false or threw. Shown on the error page (403). */
export class AccessDenied extends AuthError {
  override readonly type = "AccessDenied";
}

/** An adapter method threw. The flow stops and the server log keeps the cause. */
export class AdapterError extends AuthError {
  override readonly type = "AdapterError";
}

/** Something in the callback route failed that no more specific error describes. */
export class CallbackRouteError extends AuthError {
  override readonly type = "CallbackRouteError";
}

/** The configuration cannot work as given; the message says what to set. */
export class InvalidConfiguration extends AuthError {
  override readonly type = "InvalidConfiguration";
}

/**
 * The credentials `authorize` callback rejected the attempt. `code` appears in the redirect URL
 * (`?error=CredentialsSignin&code=<code>`), so it must never tell a username from a password
 * failure.
 */
export class CredentialsSignin extends SignInError {
  override readonly type = "CredentialsSignin";
  /** Shown to the client; default `credentials`. Override in a subclass or by assignment. */
  code = "credentials";
}

/**
 * The email provider could not send or create the verification link. A server-side failure: the
 * client sees `Configuration`. An address the server refuses is {@link EmailSignin} instead.
 */
export class EmailSignInError extends SignInError {
  override readonly type = "EmailSignInError";
}

/** Options of {@link EmailSignin}. */
export interface EmailSigninOptions extends AuthErrorOptions {
  /** The address as the visitor typed it, handed back to the sign-in form so it can be corrected. */
  email?: string;
}

/**
 * The address typed into the magic-link form cannot be used (no dot in the domain, a quoted local
 * part, too long...), or a custom `normalizeIdentifier` refused it. The visitor's input, not a
 * server problem: the sign-in page shows `?error=EmailSignin` (Auth.js's name for it) with the
 * address kept in the form.
 *
 * @example
 * ```ts
 * import { EmailSignin } from "@portcullis/core/errors"
 * new EmailSignin("The address has no dot in its domain.", { email: "me@localhost" }).email // "me@localhost"
 * ```
 */
export class EmailSignin extends SignInError {
  override readonly type = "EmailSignin";
  /** The address as typed, when it is fit to go back into a URL; see {@link EmailSigninOptions}. */
  readonly email?: string;

  constructor(message?: string, options?: EmailSigninOptions) {
    super(message, options);
    if (options?.email !== undefined) this.email = options.email;
  }
}

/** A custom error page redirected back into itself. */
export class ErrorPageLoop extends AuthError {
  override readonly type = "ErrorPageLoop";
}

/** An event handler threw. Events never stop a flow; this error is only logged. */
export class EventError extends AuthError {
  override readonly type = "EventError";
}

/** An experimental feature was used without being enabled in `experimental`. */
export class ExperimentalFeatureNotEnabled extends AuthError {
  override readonly type = "ExperimentalFeatureNotEnabled";
}

/** A callbackUrl is neither an http(s) URL nor a path starting with `/`. */
export class InvalidCallbackUrl extends AuthError {
  override readonly type = "InvalidCallbackUrl";
}

/** A PKCE, state, nonce or challenge check failed or its cookie was missing or expired. */
export class InvalidCheck extends AuthError {
  override readonly type = "InvalidCheck";
}

/** A provider lacks a usable endpoint (authorization, token, userinfo or issuer). */
export class InvalidEndpoints extends AuthError {
  override readonly type = "InvalidEndpoints";
}

/** The provider id in the URL names no configured provider, or names one of the wrong type. */
export class InvalidProvider extends AuthError {
  override readonly type = "InvalidProvider";
}

/** The JWT session could not be decoded, encoded or handled by the `jwt` callback. */
export class JWTSessionError extends AuthError {
  override readonly type = "JWTSessionError";
}

/** A provider or strategy needs an adapter and none is configured. */
export class MissingAdapter extends AuthError {
  override readonly type = "MissingAdapter";
}

/** The adapter lacks methods the configured providers or strategy need; the message names them. */
export class MissingAdapterMethods extends AuthError {
  override readonly type = "MissingAdapterMethods";
}

/** A credentials provider has no `authorize` function. */
export class MissingAuthorize extends AuthError {
  override readonly type = "MissingAuthorize";
}

/** A POST that needs a CSRF token came without a valid one. */
export class MissingCSRF extends SignInError {
  override readonly type = "MissingCSRF";
}

/** No secret is configured. Set `AUTH_SECRET` (32+ random characters) or the `secret` option. */
export class MissingSecret extends AuthError {
  override readonly type = "MissingSecret";
}

/** Conditional UI is enabled on more than one WebAuthn provider. */
export class DuplicateConditionalUI extends AuthError {
  override readonly type = "DuplicateConditionalUI";
}

/** A WebAuthn provider with conditional UI lacks a `webauthn` autocomplete field. */
export class MissingWebAuthnAutocomplete extends AuthError {
  override readonly type = "MissingWebAuthnAutocomplete";
}

/** The email of an OAuth profile belongs to a user who has not linked this provider. */
export class OAuthAccountNotLinked extends SignInError {
  override readonly type = "OAuthAccountNotLinked";
}

/** The identity provider answered the callback with an error, or the callback was invalid. */
export class OAuthCallbackError extends SignInError {
  override readonly type = "OAuthCallbackError";
}

/** The provider's `profile` callback threw or returned something without an id. */
export class OAuthProfileParseError extends AuthError {
  override readonly type = "OAuthProfileParseError";
}

/**
 * The identity provider could not be reached or answered with a server error: no connection, no
 * answer in time, an HTTP 5xx, or a discovery, token or userinfo answer that is not JSON. Nothing
 * the app or the visitor can fix right now, so the visitor goes back to the sign-in page with a
 * message saying so, and the server log names the provider, the endpoint and the cause.
 *
 * @example
 * ```ts
 * import { OAuthProviderUnavailable } from "@portcullis/core/errors"
 * new OAuthProviderUnavailable('OAuth provider "github": the token request failed: HTTP 503').kind // "signIn"
 * ```
 */
export class OAuthProviderUnavailable extends SignInError {
  override readonly type = "OAuthProviderUnavailable";
}

/** Starting an OAuth sign-in failed (discovery, authorization URL). */
export class OAuthSignInError extends SignInError {
  override readonly type = "OAuthSignInError";
}

/** Too many attempts in the configured window. */
export class RateLimited extends SignInError {
  override readonly type = "RateLimited";
}

/** Why a refresh of an upstream access token failed for good (see {@link RefreshTokenError}). */
export type RefreshTokenFailure =
  /** The account or session holds no refresh token (the provider never issued one). */
  | "no_refresh_token"
  /** The provider refused the refresh token: revoked, expired, or already used. */
  | "invalid_grant"
  /** The provider answered with another OAuth error (e.g. `invalid_client`). */
  | "provider_error"
  /** The provider's answer is not a usable token response (no access token, a foreign token type...). */
  | "invalid_response";

/**
 * An upstream access token could not be refreshed, and retrying will not help: the user must
 * sign in with the provider again. A provider that cannot be reached raises
 * OAuthProviderUnavailable instead (retry later; the session is never ended for it).
 *
 * @example
 * ```ts
 * import { RefreshTokenError } from "@portcullis/core/errors"
 * try { await auth.getAccessToken("github", call) } catch (e) {
 *   if (e instanceof RefreshTokenError) console.log(e.reason, e.sessionEnded)
 * }
 * ```
 */
export class RefreshTokenError extends AuthError {
  override readonly type = "RefreshTokenError";
  /** What went wrong; default `provider_error`. */
  reason: RefreshTokenFailure = "provider_error";
  /** True when the session was ended because of it (`accessTokens.endSessionOnFailure`). */
  sessionEnded = false;
  /**
   * The cookies that clear the ended session, for the framework to set on its response; empty
   * when the session was kept.
   */
  cookies: SetCookie[] = [];

  constructor(message?: string, options?: AuthErrorOptions & { reason?: RefreshTokenFailure }) {
    super(message, options);
    if (options?.reason) this.reason = options.reason;
  }
}

/**
 * A rate limit's shared store (`rateLimit.store`, e.g. Redis) did not answer. Limits fail closed:
 * the sign-in attempt or the magic link is refused, never let through uncounted, and the visitor
 * goes back to the sign-in page with a message saying sign-in is unavailable for a moment. The
 * outage is logged once when it begins (the `rate-limit-store-unavailable` warning).
 *
 * @example
 * ```ts
 * import { RateLimitStoreUnavailable } from "@portcullis/core/errors"
 * new RateLimitStoreUnavailable("The rate-limit store's take failed.").kind // "signIn"
 * ```
 */
export class RateLimitStoreUnavailable extends SignInError {
  override readonly type = "RateLimitStoreUnavailable";
}

/** A database session could not be read or written. */
export class SessionTokenError extends AuthError {
  override readonly type = "SessionTokenError";
}

/**
 * The session store (`session.store`, e.g. Redis) did not answer: it is down, unreachable or too
 * slow. A sign-in that needs to register its session sends the visitor back to the sign-in page
 * with a message saying sign-in is unavailable for a moment; a session read answers no session.
 * The outage is logged once when it begins (the `session-store-unavailable` warning), not once
 * per request.
 *
 * @example
 * ```ts
 * import { SessionStoreUnavailable } from "@portcullis/core/errors"
 * new SessionStoreUnavailable("The session store's get failed.").kind // "signIn"
 * ```
 */
export class SessionStoreUnavailable extends SignInError {
  override readonly type = "SessionStoreUnavailable";
}

/** Ending the session failed. */
export class SignOutError extends AuthError {
  override readonly type = "SignOutError";
}

/** The path names no action, or the method does not fit it. */
export class UnknownAction extends AuthError {
  override readonly type = "UnknownAction";
}

/**
 * A server-side call the engine cannot serve as given: no origin to work on (neither `origin`
 * nor a plain `host[:port]` Host header), or a host the trust rules refuse.
 */
export class InvalidRequest extends AuthError {
  override readonly type = "InvalidRequest";
}

/** The session strategy cannot work with this provider (e.g. credentials without a user store). */
export class UnsupportedStrategy extends AuthError {
  override readonly type = "UnsupportedStrategy";
}

/** The request's host is not trusted. Set `AUTH_TRUST_HOST=true`, `trustHost: true` or `AUTH_URL`. */
export class UntrustedHost extends AuthError {
  override readonly type = "UntrustedHost";
}

/** An email verification link is missing, expired, reused or for another address. */
export class Verification extends AuthError {
  override readonly type = "Verification";
}

/** A signed-in user tried to link an account that belongs to another user. */
export class AccountNotLinked extends SignInError {
  override readonly type = "AccountNotLinked";
}

/** A WebAuthn registration or authentication response did not verify. */
export class WebAuthnVerificationError extends AuthError {
  override readonly type = "WebAuthnVerificationError";
}

/** Types that may be shown to a client. Everything else is shown as `Configuration`. */
export const CLIENT_SAFE_ERROR_TYPES: ReadonlySet<ErrorType> = new Set<ErrorType>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
  "RateLimited",
  "EmailSignin",
  "OAuthProviderUnavailable",
  "SessionStoreUnavailable",
  "RateLimitStoreUnavailable",
]);

/** True for an error whose type may be shown to a client. */
export function isClientSafeError(error: unknown): error is AuthError {
  return error instanceof AuthError && CLIENT_SAFE_ERROR_TYPES.has(error.type);
}

/**
 * Auth.js's name for {@link isClientSafeError}: whether an error's type may be shown to a client
 * (in the `error` query parameter); every other error is shown as `Configuration`.
 *
 * @param error Anything caught.
 * @returns True for an AuthError of a client-safe type. Never throws.
 * @example
 * ```ts
 * import { isClientError } from "@portcullis/core/errors"
 * isClientError(new CredentialsSignin()) // true
 * ```
 */
export function isClientError(error: unknown): error is AuthError {
  return isClientSafeError(error);
}
