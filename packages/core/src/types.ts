/**
 * Public types of Portcullis: the resources (User, Session, Account, Profile, JWT), the
 * configuration (AuthConfig) and the provider configurations. See SPEC.md "Resources".
 *
 * @module
 */

import type {
  GenerateAuthenticationOptionsOpts,
  GenerateRegistrationOptionsOpts,
  VerifyAuthenticationResponseOpts,
  VerifyRegistrationResponseOpts,
} from "@simplewebauthn/server";
import type { Adapter, AdapterInput, AdapterSession, AdapterUser } from "./adapters";
import type { Messages } from "./pages/messages";
import type { customFetch } from "./symbols";

/** A value or a promise of it. */
export type Awaitable<T> = T | PromiseLike<T>;

/** The sign-in methods. */
export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | "webauthn";

/** Provider types whose sign-in POST redirects instead of leaving the site. */
export type RedirectableProviderType = "email" | "credentials";

/** The shape returned by a provider's `profile` callback; seen in the `jwt` and `session` callbacks. */
export interface User {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** The session sent to clients. Extend it through module augmentation. */
export interface DefaultSession {
  user?: User;
  /** ISO date of expiry. */
  expires: string;
}

/** The session sent to clients. */
export interface Session extends DefaultSession {}

/** The connection between a user and a provider, with the OAuth token set where there is one. */
export interface Account extends Partial<TokenEndpointResponse> {
  provider: string;
  providerAccountId: string;
  type: ProviderType;
  userId?: string;
  /** Absolute expiry of the access token, in seconds since the epoch (from `expires_in`). */
  expires_at?: number;
  [key: string]: unknown;
}

/** An OAuth 2 / OpenID Connect token endpoint response. */
export interface TokenEndpointResponse {
  access_token: string;
  token_type: string;
  id_token: string;
  refresh_token: string;
  scope: string;
  expires_in: number;
  session_state: string;
  [key: string]: unknown;
}

/** A token endpoint response plus `expires_at` in seconds. */
export type TokenSet = Partial<TokenEndpointResponse> & { expires_at?: number };

/** Claims about a user from an identity provider. Any other claim is allowed. */
export interface Profile {
  id?: string | null;
  sub?: string | null;
  name?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  middle_name?: string | null;
  nickname?: string | null;
  preferred_username?: string | null;
  profile?: string | null;
  picture?: unknown;
  website?: string | null;
  email?: string | null;
  email_verified?: boolean | null;
  gender?: string | null;
  birthdate?: string | null;
  zoneinfo?: string | null;
  locale?: string | null;
  phone_number?: string | null;
  updated_at?: Date | number | string | null;
  address?: {
    country?: string | null;
    formatted?: string | null;
    locality?: string | null;
    postal_code?: string | null;
    region?: string | null;
    street_address?: string | null;
  } | null;
  [claim: string]: unknown;
}

/** The payload of a session JWT. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null;
  email?: string | null;
  picture?: string | null;
  sub?: string;
  iat?: number;
  exp?: number;
  jti?: string;
  /**
   * When the user signed in (seconds since the epoch), set at sign-in and kept on every read.
   * Linking a new account to the signed-in user needs it (see `AuthConfig.linking`).
   */
  auth_time?: number;
}

/** The payload of a session JWT. Extend it through module augmentation. */
export interface JWT extends DefaultJWT {}

// ---------------------------------------------------------------------------------------------
// Providers
// ---------------------------------------------------------------------------------------------

/** Fields every provider has. */
export interface CommonProviderOptions {
  /** Unique among the providers; part of URLs (`/signin/{id}`, `/callback/{id}`). */
  id: string;
  /** Shown on the default sign-in button. */
  name: string;
  type: ProviderType;
  /**
   * Internal, set by the provider modules whose sign-in method `Auth` does not hold itself:
   * `WebAuthn()` and `Passkey()` (the passkey ceremony, with `@simplewebauthn/server`) and
   * `Twitter({ version: "1.0A" })` (OAuth 1.0a). The method travels on the provider so that only
   * an app that imports such a provider bundles it, and `Auth` alone stays small for edge and
   * serverless bundles. Opaque on purpose: not an option to set.
   */
  carriedFlow?: unknown;
}

/** A field of the credentials form on the built-in sign-in page. */
export interface CredentialInput {
  label?: string;
  type?: string;
  placeholder?: string;
  required?: boolean;
  autocomplete?: string;
}

/** The credentials provider: an application-defined check of submitted fields. */
export interface CredentialsConfig<
  C extends Record<string, CredentialInput> = Record<string, CredentialInput>,
> extends CommonProviderOptions {
  type: "credentials";
  /** Fields shown on the built-in sign-in page. */
  credentials: C;
  /**
   * Checks the submitted fields (the whole request body) and returns the user, or null to reject.
   * Throw {@link CredentialsSignin} (or a subclass with its own `code`) to reject with a code.
   */
  authorize: (
    credentials: Partial<Record<keyof C, unknown>> & Record<string, unknown>,
    request: Request,
  ) => Awaitable<User | null>;
  /**
   * Limits failed sign-ins per identifier and per client address (see
   * {@link CredentialsRateLimit}). Default on; `false` disables both.
   */
  rateLimit?: CredentialsRateLimit | false;
}

/** A count allowed within a sliding window. */
export interface RateLimitWindow {
  /** How many events the window allows. A positive integer. */
  max: number;
  /** The window's length in seconds. */
  windowSeconds: number;
}

/**
 * The limits on failed credentials sign-ins. An attempt over a limit is refused without calling
 * `authorize`, as `?error=CredentialsSignin&code=rate_limited`.
 */
export interface CredentialsRateLimit {
  /** Failures allowed per identifier. Default 5 per 900 s; `false` disables. */
  identifier?: RateLimitWindow | false;
  /**
   * Failures allowed per client address, applied only when the address is known from a trusted
   * source (`clientAddress`, or an explicitly trusted proxy). Default 50 per 900 s; `false` disables.
   */
  address?: RateLimitWindow | false;
  /** The body fields that name the account. Default: the first field of `credentials`. */
  fields?: string[];
  /**
   * The client's address as the deployment knows it (e.g. a header the edge proxy sets and
   * overwrites). Default: with `trustHost: true` (or `AUTH_TRUST_HOST=true`), the last
   * X-Forwarded-For entry, the one the nearest proxy added; otherwise none.
   */
  clientAddress?: (request: Request) => string | null | undefined;
  /** Where counts live. Default: in memory, shared by every configuration in the process. */
  store?: RateLimitStore;
}

/** What `sendVerificationRequest` receives. */
export interface SendVerificationRequestParams {
  /** The normalised email address. */
  identifier: string;
  /** The sign-in link. */
  url: string;
  /** When the link stops working. */
  expires: Date;
  provider: EmailConfig;
  /** The unhashed token (already in `url`). */
  token: string;
  theme: Theme;
  request: Request;
  /**
   * Portcullis extension: the one-time code to mail, when the provider's `code` option is on.
   * With `code: { link: false }` no link is stored and `url` is the page where the code is typed.
   */
  code?: string;
}

/** The email (magic link) provider. */
export interface EmailConfig extends CommonProviderOptions {
  type: "email";
  /** Delivers the link. Throwing stops the sign-in with `EmailSignInError`. */
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>;
  /** Link lifetime in seconds. Default 86400 (24 hours). */
  maxAge?: number;
  /** Returns the raw token. Default: 32 random bytes as hex. */
  generateVerificationToken?: () => Awaitable<string>;
  /** Hashes tokens instead of the global secret. */
  secret?: string;
  /** Sender address. */
  from?: string;
  /** Transport options (SMTP URL or options object for nodemailer). */
  server?: unknown;
  /** Normalises the address before use. Default: trim, lowercase, NFKC, an ideographic full stop as `.`; rejects `"` and domains IDNA refuses. */
  normalizeIdentifier?: (identifier: string) => string;
  /**
   * When true, the link opens a page with a one-click confirm button that POSTs the token, so a
   * mail scanner's GET does not use the link up.
   */
  confirm?: boolean;
  /**
   * At most `max` links per address per `windowSeconds`, and links and wrong codes per client
   * address (see {@link EmailRateLimit}). Default 5 per 900 s per address; `false` disables the
   * link limits (wrong codes are counted whatever it says). Counts live in this process's memory
   * (shared by every configuration in it, keyed by the provider and address), unless `store`
   * names a shared {@link RateLimitStore}.
   */
  rateLimit?: EmailRateLimit | false;
  /**
   * Portcullis extension: the address field of the built-in sign-in page, e.g.
   * `{ email: { label: "Email for a sign-in link", placeholder: "you@example.com" } }`.
   * Default label "Email", placeholder "email@example.com"; the field stays `type="email"`.
   */
  formFields?: { email?: Pick<CredentialInput, "label" | "placeholder" | "autocomplete"> };
  /**
   * Portcullis extension: also mail a one-time code of digits, typed on the verify-request page
   * (or posted by the app's own form) with the address. `true` is `{ length: 6, attempts: 5,
   * link: true }`; `link: false` mails the code alone. Default off: link only.
   */
  code?: boolean | EmailCodeOptions;
  [key: string]: unknown;
}

/** The limits of an email provider on links and codes. */
export interface EmailRateLimit {
  /** Links allowed per address per `windowSeconds`. */
  max: number;
  /** The per-address window in seconds. */
  windowSeconds: number;
  /**
   * Links requested, and apart from them wrong codes tried, per client address, applied only when
   * the address is known from a trusted source (`clientAddress`, or an explicitly trusted proxy),
   * as for credentials. Default 50 per 900 s; `false` disables.
   */
  address?: RateLimitWindow | false;
  /** The client's address as the deployment knows it; see {@link CredentialsRateLimit.clientAddress}. */
  clientAddress?: (request: Request) => string | null | undefined;
  /** Where counts live. Default: in memory, shared by every configuration in the process. */
  store?: RateLimitStore;
}

/**
 * The `code` option of an email provider.
 *
 * @example
 * ```ts
 * Nodemailer({ server, from, code: { length: 8, attempts: 3, link: false } })
 * ```
 */
export interface EmailCodeOptions {
  /** Digits per code, 6 to 8. Default 6. */
  length?: number;
  /**
   * Wrong codes an address may try within one code lifetime (`maxAge`) before every code of it
   * is refused, the right one included. Counted in `rateLimit.store` (else this process's
   * memory). Default 5.
   */
  attempts?: number;
  /** Whether the mail carries the magic link too. Default true; either one signs in, once. */
  link?: boolean;
}

/**
 * Where a rate limit keeps its counts. The default is in memory, one per process, so several
 * processes each allow `max`; give all of them one store backed by something
 * they share (Redis, the database) for a limit that holds across them.
 *
 * @example
 * ```ts
 * // A sliding window on a Redis sorted set, atomic through one Lua script (node-redis).
 * const store: RateLimitStore = {
 *   take: async (key, max, windowMs, now) =>
 *     (await redis.eval(TAKE_SCRIPT, { keys: [key], arguments: [String(max), String(windowMs), String(now)] })) === 1,
 * }
 * Nodemailer({ server, from, rateLimit: { max: 5, windowSeconds: 900, store } })
 * ```
 */
export interface RateLimitStore {
  /**
   * Records one event under `key` at `now` (milliseconds since the epoch) and answers true,
   * unless `key` already has `max` events later than `now - windowMs`: then it records nothing
   * and answers false. Shared between processes, it must do both as one atomic step per key.
   * `key` is a SHA-256 in hex (of the secret, the provider id and what is limited), never the
   * address or username itself.
   */
  take(key: string, max: number, windowMs: number, now: number): Awaitable<boolean>;
  /**
   * Optional: removes one event recorded under `key` at `now`, undoing a `take` whose attempt
   * turned out not to count (a successful credentials sign-in). Without it, every credentials
   * attempt counts, successful ones included.
   */
  refund?(key: string, now: number): Awaitable<void>;
}

/** A `fetch`-style request handler used for a custom endpoint. */
export interface EndpointHandler<P, C = unknown, R = unknown> {
  url?: string | URL;
  params?: P;
  /** Replaces the built-in request; receives the context and returns the result. */
  request?: (context: C) => Awaitable<R>;
  /** Replaces the built-in request (alias kept for provider authors coming from Auth.js). */
  conform?: (response: Response) => Awaitable<Response | undefined>;
}

/** Parameters of the authorization request. */
export type AuthorizationParams = Record<string, string>;

/** Context of a custom token request. */
export interface TokenRequestContext {
  provider: InternalOAuthProvider;
  params: URLSearchParams;
  checks: { code_verifier?: string; nonce?: string };
}

/** Context of a custom userinfo request. */
export interface UserinfoRequestContext {
  provider: InternalOAuthProvider;
  tokens: TokenSet;
}

/** Button styles of a provider on the built-in sign-in page. */
export interface OAuthProviderButtonStyles {
  brandColor?: string;
  logo?: string;
  /** @deprecated use brandColor */
  bg?: string;
  /** @deprecated */
  text?: string;
}

/** Callback protection. */
export type OAuthCheck = "pkce" | "state" | "nonce" | "none";

/** The named options of an OAuth 2 / OpenID Connect provider (see {@link OAuth2Config}). */
export interface OAuth2Options<P = Profile> extends CommonProviderOptions {
  type: "oauth" | "oidc";
  clientId?: string;
  clientSecret?: string;
  /** Where sign-in sends the user: a URL, or an object with `url` and `params`. */
  authorization?: string | EndpointHandler<AuthorizationParams>;
  /** The token endpoint: a URL, or an object with `url` and/or a custom `request`. */
  token?: string | EndpointHandler<Record<string, string>, TokenRequestContext, TokenSet>;
  /** The userinfo endpoint: a URL, or an object with `url` and/or a custom `request`. */
  userinfo?: string | EndpointHandler<Record<string, string>, UserinfoRequestContext, Profile>;
  /** OpenID discovery document location. */
  wellKnown?: string;
  /** The issuer; discovery uses `{issuer}/.well-known/openid-configuration` when no wellKnown is set. */
  issuer?: string;
  jwks_endpoint?: string;
  /**
   * OpenID Connect only. `false`: the ID token is still required and checked, but the profile is
   * read from the userinfo endpoint (whose `sub` must match the ID token's). Default `true`.
   */
  idToken?: boolean;
  /** Default `["pkce"]`; `state` is added when a redirect proxy URL is set. */
  checks?: OAuthCheck[];
  /**
   * Maps the provider's profile to a user. Default keys: id, name, email, image.
   * (A method signature on purpose: it lets a provider typed with its own profile be used where
   * any provider is expected.)
   */
  profile?(profile: P, tokens: TokenSet): Awaitable<User>;
  /** Chooses what of the token set is stored on the account. */
  account?: (tokens: TokenSet) => TokenSet | undefined | null;
  /** Links an account to an existing user with the same email automatically. Dangerous. */
  allowDangerousEmailAccountLinking?: boolean;
  /**
   * Portcullis extension, for JWT sessions without an adapter: keep what `account(tokens)` returns
   * (the access, refresh and ID tokens by default) in the session JWT, so that `getAccessToken`
   * can answer and refresh them. They live in one reserved claim, encrypted with the rest of the
   * token, and are never put into the session the `session` callback builds. A `jwt` callback
   * that returns a new object instead of the token it got must copy the `upstream_tokens` claim.
   * With an adapter the tokens live on the account row instead, and this option changes nothing.
   * A refresh is stored in the re-issued session cookie, which only that browser's next request
   * carries: with several processes and a provider that rotates refresh tokens, prefer an adapter.
   * Default false.
   */
  keepTokensInJwt?: boolean;
  redirectProxyUrl?: string;
  /** Overrides of the client metadata, e.g. `token_endpoint_auth_method`. */
  client?: {
    token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
    id_token_signed_response_alg?: string;
    [key: string]: unknown;
  };
  style?: OAuthProviderButtonStyles;
  /** Replaces `fetch` for every request to this provider (see {@link customFetch}). */
  [customFetch]?: typeof fetch;
  /**
   * Portcullis extension: OpenID Connect logout with this provider (RP-initiated and back-channel
   * logout). See {@link ProviderLogoutOptions}.
   */
  logout?: ProviderLogoutOptions;
}

/** The OAuth 2 / OpenID Connect provider configuration. */
export interface OAuth2Config<P = Profile> extends OAuth2Options<P> {
  /** Provider-specific extras (e.g. Twitter's `version`). */
  [key: string]: unknown;
}

/** An OpenID Connect provider configuration. */
export interface OIDCConfig<P = Profile> extends OAuth2Config<P> {
  type: "oidc";
}

/** An OAuth/OIDC provider configuration. */
export type OAuthConfig<P = Profile> = OAuth2Config<P>;

/** The config a user gives a built-in OAuth provider factory: any field may be overridden. */
export type OAuthUserConfig<P = Profile> = Partial<Omit<OAuth2Options<P>, "type">> & {
  [key: string]: unknown;
};

/** The config a user gives a built-in OIDC provider factory. */
export type OIDCUserConfig<P = Profile> = OAuthUserConfig<P>;

/** The WebAuthn (passkey) provider configuration. */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn";
  /** Relying party: name, id (domain) and origin. Default: from the request URL. */
  relayingParty?: { id?: string; name?: string; origin?: string };
  /**
   * Offer the site's passkeys in the browser's autofill of the built-in sign-in page (WebAuthn
   * conditional mediation), next to the passkey button. Default `true` (the built-in factories);
   * at most one provider may set it.
   */
  enableConditionalUI?: boolean;
  /** Form fields on the built-in page; one must have `autocomplete` containing `webauthn`. */
  formFields?: Record<string, CredentialInput>;
  /** Challenge lifetime in seconds. Default 900. */
  timeout?: number;
  /** Finds the user a registration is for from the request (email field by default). */
  getUserInfo?: (request: Request) => Awaitable<{ user: User; exists: boolean } | null>;
  /** Passed to `generateRegistrationOptions` (timeout, authenticatorSelection, attestationType...). */
  registrationOptions?: Partial<
    Omit<
      GenerateRegistrationOptionsOpts,
      "rpName" | "rpID" | "userID" | "userName" | "userDisplayName" | "challenge" | "excludeCredentials"
    >
  >;
  /** Passed to `generateAuthenticationOptions` (timeout, userVerification...). */
  authenticationOptions?: Partial<
    Omit<GenerateAuthenticationOptionsOpts, "rpID" | "allowCredentials" | "challenge">
  >;
  /** Passed to `verifyRegistrationResponse` (requireUserVerification...). */
  verifyRegistrationOptions?: Partial<
    Omit<VerifyRegistrationResponseOpts, "response" | "expectedChallenge" | "expectedOrigin" | "expectedRPID">
  >;
  /** Passed to `verifyAuthenticationResponse` (requireUserVerification...). */
  verifyAuthenticationOptions?: Partial<
    Omit<
      VerifyAuthenticationResponseOpts,
      "response" | "expectedChallenge" | "expectedOrigin" | "expectedRPID" | "credential"
    >
  >;
  [key: string]: unknown;
}

/**
 * Any provider configuration. An OAuth provider is typed with its own profile shape (GitHub's,
 * Google's...), which is neither a subtype nor a supertype of the open `Profile`, so the list
 * accepts any profile type here; each factory keeps its own precise type.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type ProviderConfig = OAuth2Config<any> | EmailConfig | CredentialsConfig | WebAuthnConfig;

/** A provider as configured: a config object, or a bare factory (called with no options). */
export type Provider = ProviderConfig | ((options?: never) => ProviderConfig);

/** An OAuth provider after normalisation: endpoints resolved to URLs, checks defaulted. */
export interface InternalOAuthProvider
  extends Omit<OAuth2Options, "authorization" | "token" | "userinfo" | "profile"> {
  authorization?: { url?: URL; params: AuthorizationParams };
  token?: { url?: URL; request?: (context: TokenRequestContext) => Awaitable<TokenSet> };
  userinfo?: { url?: URL; request?: (context: UserinfoRequestContext) => Awaitable<Profile> };
  checks: OAuthCheck[];
  profile: (profile: Profile, tokens: TokenSet) => Awaitable<User>;
  account: (tokens: TokenSet) => TokenSet | undefined | null;
  /** The redirect URI of the request, as custom token requests must repeat it. */
  callbackUrl?: string;
  /** Provider-specific extras (e.g. Twitter's `version`). */
  [key: string]: unknown;
}

/** The client-safe view of a provider, as the `providers` action lists it. */
export interface PublicProvider {
  id: string;
  name: string;
  type: ProviderType;
  signinUrl: string;
  callbackUrl: string;
}

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

/** Attributes of a cookie (RFC 6265). */
export interface CookieSerializeOptions {
  domain?: string;
  expires?: Date;
  httpOnly?: boolean;
  maxAge?: number;
  path?: string;
  sameSite?: "lax" | "strict" | "none" | boolean;
  secure?: boolean;
  partitioned?: boolean;
}

/** A cookie's name and attributes. */
export interface CookieOption {
  name: string;
  options: CookieSerializeOptions;
}

/** The cookies Portcullis uses, by role. */
export interface CookiesOptions {
  sessionToken: CookieOption;
  callbackUrl: CookieOption;
  csrfToken: CookieOption;
  pkceCodeVerifier: CookieOption;
  state: CookieOption;
  nonce: CookieOption;
  webauthnChallenge: CookieOption;
  /**
   * The address a magic link was just sent to, sealed, for the verify-request page to name it.
   * Lives 15 minutes; only this server can read or write it.
   */
  emailSentTo: CookieOption;
}

/** Custom pages; each is a path or URL that replaces the built-in page. */
export interface PagesOptions {
  signIn: string;
  signOut: string;
  error: string;
  verifyRequest: string;
  /** Where a user goes after their first sign-in. */
  newUser: string;
}

/** Look and language of the built-in pages, and look of the emails. */
export interface Theme {
  colorScheme?: "auto" | "dark" | "light";
  logo?: string;
  brandColor?: string;
  buttonText?: string;
  /**
   * The languages the built-in pages and the default magic-link mail speak besides English, by
   * language code: the shipped translations from `@portcullis/core/languages` (all of them as
   * `languages`, or single ones such as `{ de, fr }`) or an app's own. Each request's
   * `Accept-Language` header chooses among English and these. A translation that lacks a text
   * shows the English one.
   *
   * @example
   * ```ts
   * import { de, fr } from "@portcullis/core/languages";
   * const theme: Theme = { languages: { de, fr, sv: { signInTitle: "Logga in" } } };
   * ```
   */
  languages?: Readonly<Record<string, Partial<Messages>>>;
  /**
   * The language of the built-in pages for every visitor, as a locale code such as `de` or
   * `pt-BR`, whatever the `Accept-Language` header asks for. Its texts come from `languages`
   * (English when they have none for it), with `messages` laid over them.
   */
  locale?: string;
  /**
   * Texts that replace the chosen language's, by key (see {@link Messages}); plain text, with
   * `{provider}` and `{email}` filled in where the English text has them.
   */
  messages?: Partial<Messages>;
}

/** Where log lines go. `debug` runs only with `debug: true` (or a custom logger). */
export interface LoggerInstance {
  error: (error: Error) => void;
  warn: (code: WarningCode) => void;
  debug: (message: string, metadata?: unknown) => void;
}

/**
 * Warnings: what the configuration (or a refused request that points at it) can raise, and
 * requests the visitor's input ended (`credentials-signin-failed`, `email-address-refused`,
 * `access-denied`, `csrf-token-missing`), which are logged as warnings rather than errors.
 */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "experimental-webauthn"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "missing-secret-dev"
  | "redirect-proxy-refused"
  | "credentials-rate-limit-no-field"
  | "credentials-rate-limit-field-missing"
  | "invalid-callback-url"
  | "credentials-signin-failed"
  | "email-address-refused"
  | "access-denied"
  | "csrf-token-missing"
  | "short-secret-dev"
  | "oauth-client-id-missing"
  | "email-code-wrong"
  | "backchannel-logout-no-store"
  | "linking-without-session-created-at"
  | "session-store-unavailable"
  | "rate-limit-store-unavailable"
  | "request-outside-base-path"
  | "theme-language-unavailable";

/** Parameters of `jwt.encode`. */
export interface JWTEncodeParams<Payload = JWT> {
  token?: Payload;
  /** Used in key derivation; for the session cookie, the cookie's name. */
  salt: string;
  /** Several secrets rotate: the first encodes. */
  secret: string | string[];
  /** Lifetime in seconds. Default 30 days. */
  maxAge?: number;
}

/** Parameters of `jwt.decode`. */
export interface JWTDecodeParams {
  token?: string;
  salt: string;
  /** Several secrets rotate: each is tried, chosen by the token's `kid`. */
  secret: string | string[];
}

/** JWT options of the configuration. */
export interface JWTOptions {
  /** Lifetime of the session JWT in seconds. Default: `session.maxAge`. */
  maxAge: number;
  encode: (params: JWTEncodeParams) => Awaitable<string>;
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>;
}

/**
 * How long a request waits on a remote peer, in milliseconds, before it gives up and answers as
 * for any failure of that peer. `Infinity` turns one off.
 */
export interface TimeoutsOptions {
  /** One adapter call (database). Default 10 000. */
  adapter?: number;
  /** One HTTP request to an OAuth/OIDC provider (discovery, token, userinfo, JWKS). Default 10 000. */
  http?: number;
  /** Sending one sign-in email (`sendVerificationRequest`: SMTP or an email API). Default 30 000. */
  email?: number;
}

/** Session options. */
export interface SessionOptions {
  /** `jwt` (default) or `database` (default when an adapter is set). */
  strategy: "jwt" | "database";
  /** Idle expiry in seconds. Default 30 days. */
  maxAge: number;
  /** How often a database session is extended, in seconds; 0 = every request. Default 1 day. */
  updateAge: number;
  /** Makes database session tokens. Default: a random UUID. */
  generateSessionToken: () => string;
  /**
   * The longest a session may live, in seconds, however active it is (OWASP's absolute timeout);
   * unset means no limit. A JWT session counts from its sign-in; a database session from its
   * `createdAt`, so the adapter must store that (the memory and SQL adapters do).
   */
  absoluteMaxAge?: number;
  /**
   * Makes JWT sessions revocable: each is registered here at sign-in, and reads check it. `"adapter"`
   * uses the adapter's session table (it needs `createSession`, `getSessionAndUser`,
   * `updateSession`, `deleteSession`, `listSessionsByUser` and `deleteSessionsByUser`); or pass a
   * {@link SessionStore}, e.g. `memorySessionStore()` for one process. Without a store, JWT
   * sessions cannot be listed or revoked (the `sessions` routes answer 404).
   *
   * Database sessions need none (the adapter's session table is their store), but may take one:
   * with `strategy: "database"` and a {@link SessionStore} (e.g. `redisSessionStore` from
   * `@portcullis/redis`), sessions are created, read, extended, listed and deleted there and never
   * in the adapter, which then needs only `getUser` for them. The cookie still holds an opaque
   * random token. Reads fail closed while the store is down (see `storeUnavailable`).
   *
   * @example
   * ```ts
   * import { memorySessionStore } from "@portcullis/core"
   * const session = { strategy: "database" as const, store: memorySessionStore() }
   * ```
   */
  store?: SessionStore | "adapter";
  /**
   * How often, in seconds, a read of a revocable JWT session checks the store; default 60.
   * Revoking a session takes effect on every server within this bound; between checks a read
   * costs what it costs without a store.
   */
  revalidateAfter: number;
  /**
   * What a read of a revocable JWT session does when its check is due and the store does not
   * answer (down, unreachable, slower than its client's time-out): `"refuse"` (the default)
   * answers no session until the store is back, so a revoked session can never slip through;
   * `"trust-token"` accepts the JWT as long as it is itself valid and checks again on the next
   * read, so an outage signs nobody out but a session revoked meanwhile lives on until the store
   * answers again. Database sessions always refuse: without the store there is no session to read.
   */
  storeUnavailable: "refuse" | "trust-token";
}

/**
 * A session as a {@link SessionStore} keeps it: a database session's fields (see
 * {@link AdapterSession}), keyed by `id`. A store keeps `idToken` when given one: a database
 * session signed in with a provider that has `logout.federated` carries it, so that its sign-out
 * can hint with it (a JWT session keeps it in the token instead).
 */
export interface StoredSession extends Omit<AdapterSession, "sessionToken"> {
  /** The store's key: a JWT's session id, or a database session's token. Never shown to clients. */
  id: string;
}

/**
 * Where revocable sessions are registered. The in-process `memorySessionStore()` serves one
 * process; a shared store (Redis, a database) serves many.
 */
export interface SessionStore {
  /** Registers a session. */
  create(session: StoredSession): Awaitable<void>;
  /** The session, or null once it was deleted (revoked, signed out) or has expired. */
  get(id: string): Awaitable<StoredSession | null>;
  /** Records a later `lastSeenAt` and `expires`. */
  touch(id: string, changes: { lastSeenAt: Date; expires: Date }): Awaitable<void>;
  /** Removes a session; answers whether it was there. */
  delete(id: string): Awaitable<boolean>;
  /** Every session of a user (the core filters out expired ones). */
  listByUser(userId: string): Awaitable<StoredSession[]>;
  /** Removes every session of a user but `except`; answers how many were removed. */
  deleteByUser(userId: string, except?: string): Awaitable<number>;
  /**
   * Portcullis extension, optional: removes every session, of any user, that was signed in with
   * `provider` in the identity provider's session `idpSessionId` (the ID token's `sid`), and
   * answers the sessions removed (expired ones too, where the store still kept them), so their
   * users can be told. Needed for back-channel logout tokens that name only a `sid`; without it
   * they answer 501.
   *
   * @example
   * ```ts
   * const ended = await store.deleteByIdpSession?.("keycloak", "b7f0c2e4")
   * ```
   */
  deleteByIdpSession?(provider: string, idpSessionId: string): Awaitable<StoredSession[]>;
}

/** One of the signed-in user's sessions, as `GET {basePath}/sessions` lists it. */
export interface SessionInfo {
  /** An opaque handle for revoking it; never the session token. */
  id: string;
  /** Whether it is the session of the request asking. */
  current: boolean;
  /** ISO dates; null where the store does not keep them. */
  createdAt: string | null;
  lastSeenAt: string | null;
  expires: string;
  userAgent: string | null;
}

/** When an unknown OAuth account may be linked to the user who is signed in. */
export interface LinkingOptions {
  /**
   * How recent (in seconds) the sign-in of the current session must be for a new OAuth account to
   * be linked to its user; 0 disables linking by session. Default 600. An older session gets
   * `OAuthAccountNotLinked`: a session cookie planted by a sibling subdomain must not turn the
   * victim's next sign-in into a link to the planter's user.
   */
  maxSessionAge: number;
}

/** What the `signIn` callback receives. */
export interface SignInCallbackParams {
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  email?: { verificationRequest?: boolean };
  credentials?: Record<string, unknown>;
}

/** What the `jwt` callback receives. */
export interface JWTCallbackParams {
  token: JWT;
  /** Present only at sign-in. */
  user?: User | AdapterUser;
  /** Present only at sign-in. */
  account?: Account | null;
  profile?: Profile;
  trigger?: "signIn" | "signUp" | "update";
  /** @deprecated use `trigger === "signUp"` */
  isNewUser?: boolean;
  /**
   * Data sent by a client update; validate it before use. `any`, as in Auth.js, so apps moving
   * over type-check unchanged; it is whatever a client posted.
   */
  // biome-ignore lint/suspicious/noExplicitAny: Auth.js's type; client data the callback must check.
  session?: any;
}

/**
 * What the `session` callback receives: one shape for both strategies, as in Auth.js, so
 * `session({ session, token, user })` type-checks. With JWT sessions `token` is set and `user`
 * is undefined at run time; with database sessions it is the other way round.
 */
export interface SessionCallbackParams {
  /**
   * JWT strategy: the default session built so far. Database strategy: the session row as stored
   * (`sessionToken`, `userId`, `expires` as a Date) with the full user on it, as Auth.js passes
   * it. Typed as Auth.js types it, so `return { ...session }` compiles.
   */
  session: { user: AdapterUser } & AdapterSession & Session;
  /** The decoded session JWT (JWT strategy only). */
  token: JWT;
  /** The user from the adapter (database strategy only). */
  user: AdapterUser;
  /** The data of a client update (`trigger: "update"`); validate it before use. */
  // biome-ignore lint/suspicious/noExplicitAny: Auth.js's type; client data the callback must check.
  newSession?: any;
  trigger?: "update";
}

/** Control-flow callbacks. */
export interface CallbacksOptions {
  /** true continues; false or a throw denies; a string redirects there. */
  signIn: (params: SignInCallbackParams) => Awaitable<boolean | string>;
  /** Decides where a redirect may go. Default: same origin only. */
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>;
  /** Shapes the session sent to clients. */
  session: (params: SessionCallbackParams) => Awaitable<Session | DefaultSession>;
  /** Shapes the JWT kept in the session cookie; null ends the session. */
  jwt: (params: JWTCallbackParams) => Awaitable<JWT | null>;
}

/** Audit events. They never change a flow; a throwing handler is logged. */
export interface EventCallbacks {
  signIn: (message: {
    user: User;
    account: Account | null;
    profile?: Profile;
    isNewUser?: boolean;
  }) => Awaitable<void>;
  signOut: (
    message: { session: AdapterSession | null | undefined } | { token: JWT | null },
  ) => Awaitable<void>;
  createUser: (message: { user: User }) => Awaitable<void>;
  updateUser: (message: { user: User }) => Awaitable<void>;
  linkAccount: (message: {
    user: User | AdapterUser;
    account: Account;
    profile: User | AdapterUser;
  }) => Awaitable<void>;
  session: (message: { session: Session; token: JWT } | { session: Session }) => Awaitable<void>;
  /**
   * Sessions of a user were revoked (one, the others, all, or by `revokeSessions`); `signOut`
   * has fired for each of them already.
   */
  sessionsRevoked: (message: { user: { id: string }; count: number }) => Awaitable<void>;
}

/** The configuration of Portcullis. Only `providers` is required. */
export interface AuthConfig {
  /** Sign-in methods: built-in factories or custom objects, in any order. */
  providers: Provider[];
  /** Hashes tokens, signs cookies, derives keys. An array rotates: the first is used to encode. */
  secret?: string | string[];
  /** Session options. */
  session?: Partial<SessionOptions>;
  /** JWT options. */
  jwt?: Partial<JWTOptions>;
  /** Custom pages. */
  pages?: Partial<PagesOptions>;
  /** Control-flow callbacks. */
  callbacks?: Partial<CallbacksOptions>;
  /** Audit events. */
  events?: Partial<EventCallbacks>;
  /** Data layer; with one, the session strategy defaults to `database`. */
  adapter?: AdapterInput;
  /** Logs debug output to the logger. Default false. */
  debug?: boolean;
  /** Where logs go. Default: console. */
  logger?: Partial<LoggerInstance>;
  /** Look of the built-in pages. */
  theme?: Theme;
  /** Prefix `__Secure-`/`__Host-` and set `Secure`. Default: true for https URLs. */
  useSecureCookies?: boolean;
  /** Overrides of cookie names and attributes. */
  cookies?: Partial<CookiesOptions>;
  /**
   * Lets the Host and X-Forwarded-Host/-Proto headers name the app's public origin, for apps
   * behind a proxy you run that sets them. Without `AUTH_URL` the origin decides where mailed
   * links, OAuth `redirect_uri`s and redirects point, so only declare this when no client can
   * set those headers unchecked. Default: `AUTH_TRUST_HOST`, else true when `AUTH_URL` is set or
   * on Vercel and Cloudflare Pages; unset, a server outside production serves loopback hosts only
   * (from the Host header alone), and in production answers `UntrustedHost`.
   */
  trustHost?: boolean;
  /** Disables CSRF protection when set to {@link skipCSRFCheck}. Discouraged. */
  skipCSRFCheck?: typeof skipCSRFCheck;
  /** One stable OAuth callback URL for preview deployments. Default: `AUTH_REDIRECT_PROXY_URL`. */
  redirectProxyUrl?: string;
  /** Base path of the actions. Default `/auth`. */
  basePath?: string;
  /** Experimental features. */
  experimental?: { enableWebAuthn?: boolean };
  /** Linking a new sign-in method (an OAuth account) to the signed-in user. */
  linking?: Partial<LinkingOptions>;
  /** Signs tokens with a fixed clock in tests; returns milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
  /** Time-outs for adapter calls, identity provider requests and email sends. */
  timeouts?: TimeoutsOptions;
  /** How `getAccessToken` refreshes upstream access tokens. */
  accessTokens?: AccessTokenOptions;
}

/**
 * How `getAccessToken` refreshes the upstream (identity provider) access tokens of signed-in users.
 *
 * @example
 * ```ts
 * const config: AuthConfig = {
 *   providers: [],
 *   accessTokens: { refreshBefore: 120, endSessionOnFailure: true },
 * }
 * ```
 */
export interface AccessTokenOptions {
  /** Refresh a token that expires within this many seconds. Default 60. */
  refreshBefore?: number;
  /**
   * Where the short lease that lets one process at a time refresh an account's tokens is taken
   * (`take(key, 1, windowMs, now)`, released with `refund` when the store has it). Default: in
   * this process's memory. Give every process one shared store (Redis) when several processes
   * serve the same users and the provider rotates refresh tokens: a provider that sees a used
   * refresh token again may revoke the whole grant.
   */
  lockStore?: RateLimitStore;
  /**
   * End the session (its row, its cookie) when a refresh fails for good (`RefreshTokenError`),
   * so the user signs in again. Default false: the session is kept, the error thrown.
   */
  endSessionOnFailure?: boolean;
}

/** What `getAccessToken` answers: a usable upstream access token, and the cookies to set. */
export interface AccessTokenResult {
  /** The access token, to send to the provider's APIs. */
  accessToken: string;
  /** Its type as the provider named it, lowercase (`bearer`). */
  tokenType: string;
  /** When it expires, in seconds since the epoch; null when the provider did not say. */
  expiresAt: number | null;
  /** The scopes it was granted, when the provider said. */
  scope?: string;
  /**
   * Cookies for the framework to set on its response: a JWT session holding the tokens is
   * re-issued after a refresh. Empty when nothing changed.
   */
  cookies: Array<{ name: string; value: string; options: CookieSerializeOptions }>;
}

/** Marker that disables CSRF checks (for frameworks that do their own). Discouraged. */
export const skipCSRFCheck: unique symbol = Symbol("skip-csrf-check");

/** Re-exported adapter types for convenience. */
export type { Adapter, AdapterSession, AdapterUser };

/**
 * Portcullis extension: how a provider's sessions end at the identity provider and back
 * (OpenID Connect RP-Initiated Logout 1.0 and Back-Channel Logout 1.0).
 *
 * @example
 * ```ts
 * const logout: ProviderLogoutOptions = {
 *   federated: true,
 *   postLogoutRedirectUri: "https://app.example/auth/signout/keycloak",
 * }
 * ```
 */
export interface ProviderLogoutOptions {
  /**
   * Sign-outs of sessions signed in with this provider also end the provider's session: after the
   * local session ends, the browser goes to the provider's `end_session_endpoint`. A sign-out can
   * still say otherwise (`signOut({ federated: false })`). With JWT sessions this also keeps the
   * ID token in the session token (claim `idp_id_token`), to send as `id_token_hint`; with
   * database sessions it is kept on the session row (`idToken`). Default false.
   */
  federated?: boolean;
  /**
   * The `post_logout_redirect_uri` sent to the provider; register it there. Default
   * `{origin}{basePath}/signout/{provider id}`, which sends the browser on to the sign-out's
   * callbackUrl (carried in `state`).
   */
  postLogoutRedirectUri?: string;
  /** The provider's end-session endpoint, when discovery does not name one (or names another). */
  endSessionEndpoint?: string;
  /**
   * Where the `jti` of each back-channel logout token is remembered until it is too old to be
   * accepted, so a token cannot be replayed. Give one store shared by every process (e.g.
   * `redisRateLimitStore`) when several serve the app. Default: this process's memory.
   */
  replayStore?: RateLimitStore;
  /** How old (its `iat`, in seconds) a back-channel logout token may be. Default 300. */
  maxTokenAge?: number;
}
