/**
 * The logger: the user's, method by method, over console defaults. Errors are logged with their
 * type and cause chain; nothing here prints request data, so no secret reaches a log by accident.
 */
import { AuthError } from "../errors";
import type { LoggerInstance, WarningCode } from "../types";

const WARNINGS: Record<WarningCode, string> = {
  "debug-enabled": "Debug logging is on. Turn it off in production: it can print sensitive data.",
  "csrf-disabled":
    "CSRF protection is off (skipCSRFCheck). Only do this when the framework checks CSRF itself.",
  "experimental-webauthn": "WebAuthn is experimental: its API may change without notice.",
  "env-url-basepath-redundant": "basePath is set and AUTH_URL has the same path; one of them is enough.",
  "env-url-basepath-mismatch": "basePath and the path of AUTH_URL differ; basePath wins.",
  "missing-secret-dev":
    "No secret is set: using a random one for this process, so sessions end on restart. Set AUTH_SECRET (e.g. `openssl rand -base64 33`).",
  "redirect-proxy-refused":
    "A callback's state names an origin the redirect proxy does not forward codes to (only https, or http on loopback); the callback was handled here instead.",
  "credentials-rate-limit-no-field":
    "A credentials provider declares no `credentials` fields, so failed sign-ins are not limited per account. Set `rateLimit.fields` to the field that names the account.",
  "credentials-rate-limit-field-missing":
    "A field named in a credentials provider's `rateLimit.fields` is not among its `credentials`, or a sign-in did not send it. Attempts without it all share one failure count, so if the form never sends it, a few wrong passwords refuse every user. Set `rateLimit.fields` to the field that names the account.",
  "credentials-signin-failed":
    "A credentials sign-in was refused (authorize returned null or threw CredentialsSignin). Debug logging shows the message.",
  "email-address-refused":
    "A magic-link sign-in was refused: the address typed cannot be used. The visitor was sent back to the form.",
  "access-denied": "The signIn callback returned false: the sign-in was refused.",
  "csrf-token-missing":
    "A form post came without a valid CSRF token and was refused (MissingCSRF): a page left open past its token, a form of the app that does not send csrfToken, or a post from another site. Debug logging names the action.",
  "short-secret-dev":
    "The secret is shorter than 32 characters: production refuses it. Make a longer one with `openssl rand -base64 33` and set it as AUTH_SECRET.",
  "oauth-client-id-missing":
    "An OAuth provider has no client id (`clientId`, or AUTH_{PROVIDER}_ID such as AUTH_GITHUB_ID), so signing in with it fails with an error naming the variable. In production the same is logged as an error.",
  "email-code-wrong":
    "A one-time sign-in code was wrong (or already used, or for another address); the visitor was sent back to the code form. Many of these for one address are someone guessing: its codes burn after `code.attempts`.",
  "session-store-unavailable":
    "The session store (session.store) did not answer: session reads answer no session and sign-ins are refused until it is back. Logged once per outage; debug logging shows the cause.",
  "rate-limit-store-unavailable":
    "A rate limit's store (rateLimit.store) did not answer: limited sign-ins are refused until it is back. Logged once per outage; debug logging shows the cause.",
  "invalid-callback-url":
    "Ignored a callbackUrl sent by the client (body, query or callback-url cookie): it is not an http(s) URL or a path starting with a single '/', or it has control characters, bad percent-encoding or invalid Unicode. The next source was used; debug logging says which source and why.",
  "linking-without-session-created-at":
    "A database session's row has no createdAt (most of Auth.js's adapters keep none), so its sign-in time is unknown and adding an OAuth account or a passkey to the signed-in user was refused. Use an adapter that stores it (@portcullis/sql-adapter, whose migrate adds the column; the memory or Redis adapter) or a session.store; or set linking.maxSessionAge: 0 to say the app does not link.",
  "request-outside-base-path":
    "The auth handler got a request outside its basePath and answered 400 (debug logging shows the path). Set basePath (or the path of AUTH_URL) to where the handler is mounted: /auth by default, /api/auth for Next.js's app/api/auth/[...nextauth] route.",
  "theme-language-unavailable":
    'The theme names a language the pages cannot speak: `theme.locale` names one that `theme.languages` lacks (the pages are then English), or a `theme.languages` key is not a language code such as "de" (it is ignored). Give the translation: `import { de } from "@portcullis/core/languages"` and `theme: { languages: { de } }`.',
  "backchannel-logout-no-store":
    'An identity provider sent a back-channel logout, but JWT sessions cannot be revoked without a session store: the logout was refused (501). Set `session.store` ("adapter", memorySessionStore() or a shared store such as Redis).',
};

function describe(error: Error): string {
  const type = error instanceof AuthError ? error.type : error.name;
  let text = `[portcullis][error] ${type}: ${error.message}`;
  let cause: unknown = error.cause;
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    text += `\n  caused by ${cause.name}: ${cause.message}`;
    cause = cause.cause;
  }
  return text;
}

/**
 * Builds the logger from the user's partial one. `debug` output is on only when `debug` is true,
 * or when the user supplied their own `debug` method.
 */
export function createLogger(custom: Partial<LoggerInstance> | undefined, debug: boolean): LoggerInstance {
  return {
    error: custom?.error ?? ((error) => console.error(describe(error))),
    warn: custom?.warn ?? ((code) => console.warn(`[portcullis][warn] ${code}: ${WARNINGS[code] ?? ""}`)),
    debug:
      custom?.debug ??
      (debug ? (message, meta) => console.debug(`[portcullis][debug] ${message}`, meta ?? "") : () => {}),
  };
}
