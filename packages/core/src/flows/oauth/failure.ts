/**
 * Turns what goes wrong while talking to an identity provider into a log-safe sentence.
 *
 * oauth4webapi's errors keep the provider's response in `cause` (a token response body holds the
 * access and ID tokens), and fetch errors may name internal hosts in nested causes. So these
 * errors are never attached as `cause` to the AuthError we raise: only the fields picked out here
 * (HTTP status, the OAuth `error` code and description, the library's fixed message, a network
 * error code) reach the message, and never a token, a code or a secret.
 */
import {
  OperationProcessingError,
  PARSE_ERROR,
  RESPONSE_IS_NOT_JSON,
  ResponseBodyError,
  UnsupportedOperationError,
  WWWAuthenticateChallengeError,
} from "oauth4webapi";
import { AuthError, CallbackRouteError, OAuthProviderUnavailable, OAuthSignInError } from "../../errors";
import { ProviderAnswerTooLarge } from "./bounded-fetch";

/** Longest provider-supplied text (an error description) quoted in a log line. */
const MAX_QUOTED = 200;

/**
 * Provider-supplied text made safe for one log line: control characters replaced (they could
 * forge extra lines), cut at 200 characters, in double quotes.
 *
 * @param text - The text, e.g. an `error_description`.
 * @returns The quoted text.
 * @example
 * ```ts
 * quoted("access_denied") // "\"access_denied\""
 * ```
 */
export function quoted(text: unknown): string {
  const value = typeof text === "string" ? text : String(text);
  const clean = value.replace(/\p{Cc}/gu, " ");
  return JSON.stringify(clean.length > MAX_QUOTED ? `${clean.slice(0, MAX_QUOTED)}...` : clean);
}

/**
 * An identity provider answered a request Portcullis makes itself (not through oauth4webapi) with
 * an HTTP error status.
 *
 * @example
 * ```ts
 * if (!response.ok) throw new ProviderHttpError(response.status)
 * ```
 */
export class ProviderHttpError extends Error {
  /** @param status - The HTTP status the provider answered with. */
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = "ProviderHttpError";
  }
}

/**
 * An identity provider answered a request Portcullis makes itself with a body that is not the
 * JSON object it owes: a proxy's HTML error page, a truncated document, an array. Broken on the
 * provider's side, like an answer oauth4webapi finds not to be JSON.
 *
 * @example
 * ```ts
 * throw new ProviderAnswerNotJson("the response is not JSON")
 * ```
 */
export class ProviderAnswerNotJson extends Error {
  override name = "ProviderAnswerNotJson";
}

/** The HTTP status a failed provider request carries, if it got as far as an answer. */
function failedStatus(error: unknown): number | undefined {
  if (error instanceof ResponseBodyError || error instanceof WWWAuthenticateChallengeError)
    return error.status;
  if (error instanceof ProviderHttpError) return error.status;
  if (error instanceof OperationProcessingError && error.cause instanceof Response) return error.cause.status;
  return undefined;
}

/**
 * True when a provider request failed because the provider is down or broken rather than because
 * of how the app is configured: no connection, no answer in time, an HTTP 5xx, an answer that
 * is not JSON where JSON was due (a proxy's error page in place of a discovery document), or one
 * larger than Portcullis reads. A 4xx
 * such as `invalid_client` is not one of these: it means the client id or secret is wrong.
 *
 * @param error - What the request threw.
 * @returns Whether the provider could not be reached.
 * @example
 * ```ts
 * isProviderUnavailable(new TypeError("fetch failed")) // true
 * ```
 */
export function isProviderUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "TimeoutError" || error.name === "AbortError") return true;
  // As broken as an answer that is not JSON: nothing the visitor or the deployer can change.
  if (error instanceof ProviderAnswerTooLarge || error instanceof ProviderAnswerNotJson) return true;
  if (error instanceof TypeError && error.message === "fetch failed") return true;
  // Only the response body itself: a malformed ID token is a PARSE_ERROR too, and not an outage.
  const junk =
    error instanceof OperationProcessingError &&
    (error.code === RESPONSE_IS_NOT_JSON ||
      (error.code === PARSE_ERROR && error.message.includes('"response" body')));
  return junk || (failedStatus(error) ?? 0) >= 500;
}

function networkCode(error: Error): string | undefined {
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

/**
 * A one-line, secret-free description of a failed request to an identity provider.
 *
 * @param error - What the request threw.
 * @returns E.g. `HTTP 401, error "invalid_client"` or `network error ECONNREFUSED`.
 * @example
 * ```ts
 * describeFailure(new TypeError("fetch failed")) // "network error (fetch failed)"
 * ```
 */
export function describeFailure(error: unknown): string {
  if (error instanceof ResponseBodyError) {
    const description = error.error_description ? `: ${quoted(error.error_description)}` : "";
    return `HTTP ${error.status}, error ${quoted(error.error)}${description}`;
  }
  if (error instanceof WWWAuthenticateChallengeError) {
    const code = error.cause[0]?.parameters.error;
    return `HTTP ${error.status} with a WWW-Authenticate challenge${code ? ` (${quoted(code)})` : ""}`;
  }
  if (error instanceof OperationProcessingError) {
    const status = error.cause instanceof Response ? ` (HTTP ${error.cause.status})` : "";
    return `${error.message}${status}`;
  }
  if (error instanceof UnsupportedOperationError) return error.message;
  if (error instanceof ProviderHttpError || error instanceof ProviderAnswerNotJson) return error.message;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "no answer in time";
  if (error instanceof TypeError && error.message === "fetch failed") {
    const code = networkCode(error);
    return `network error${code ? ` ${code}` : ""} (the provider could not be reached)`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return "an unknown error";
}

/** Which step of the flow failed: starting the sign-in, or handling the callback. */
export type FlowStep = "signIn" | "callback";

/**
 * The AuthError for a failed request to an identity provider, naming the provider and the
 * endpoint. AuthErrors pass through unchanged. A provider that could not be reached (see
 * {@link isProviderUnavailable}) gives OAuthProviderUnavailable, which the sign-in page explains:
 * neither the visitor nor the deployer did anything wrong. Anything else points at the
 * configuration: at sign-in an OAuthSignInError (back to the sign-in page), at the callback a
 * CallbackRouteError (the error page), both shown to clients as `Configuration`. The details
 * are for the server log.
 *
 * @param step - Where in the flow it failed.
 * @param providerId - The provider's id.
 * @param what - The request, e.g. "token request to https://idp.example/token".
 * @param error - What the request threw.
 * @returns The error to throw.
 * @example
 * ```ts
 * throw providerFailure("callback", "github", "token request to https://github.com/login/oauth/access_token", error)
 * ```
 */
export function providerFailure(step: FlowStep, providerId: string, what: string, error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const message = `OAuth provider "${providerId}": the ${what} failed: ${describeFailure(error)}`;
  if (isProviderUnavailable(error)) return new OAuthProviderUnavailable(message);
  return step === "signIn" ? new OAuthSignInError(message) : new CallbackRouteError(message);
}

/**
 * Runs a request to an identity provider, turning what it throws into {@link providerFailure}.
 *
 * @param step - Where in the flow it runs.
 * @param providerId - The provider's id.
 * @param what - The request, named in the error.
 * @param request - The request.
 * @returns What the request returns.
 * @throws {OAuthProviderUnavailable | OAuthSignInError | CallbackRouteError} When it fails (AuthErrors pass through).
 * @example
 * ```ts
 * const response = await talkTo("callback", "idp", "token request", () => fetch(url))
 * ```
 */
export async function talkTo<T>(
  step: FlowStep,
  providerId: string,
  what: string,
  request: () => Promise<T>,
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerFailure(step, providerId, what, error);
  }
}
