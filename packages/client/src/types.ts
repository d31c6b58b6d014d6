/**
 * Public types of the client: its options, and the shapes the server's actions answer with.
 * They are declared here, except `Session`, so the client ships with no runtime dependency and
 * works against any server speaking the Auth.js wire format.
 *
 * @module
 */

/**
 * Where the client finds the auth actions, how it reaches them and how it leaves the page.
 * A type alias rather than an interface, so a `ClientOptions` value can be spread into or passed
 * as the open-ended sign-in options.
 */
export type ClientOptions = {
  /** Path of the actions on the server. Default `"/auth"`; in `@portcullis/client/react`, `"/api/auth"` as in next-auth/react. */
  basePath?: string;
  /** Origin (and optional path prefix) of the server. Default: `window.location.origin` in a browser. */
  baseUrl?: string;
  /** The fetch to use. Default: the global `fetch`. Inject one to add headers or keep cookies outside a browser. */
  fetch?: typeof fetch;
  /**
   * Leaves the page for `url`. Default: `window.location.href = url`, reloading when only the
   * hash differs (a browser does not reload then). Inject one to route with a framework router or
   * to observe navigation in tests.
   */
  navigate?: (url: string) => void;
};

/** The sign-in methods a server may offer. */
export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | "webauthn";

/** The client-safe description of a provider, as the `providers` action answers it. */
export interface PublicProvider {
  id: string;
  name: string;
  type: ProviderType;
  /** Absolute URL of the provider's sign-in action. */
  signinUrl: string;
  /** Absolute URL of the provider's callback action. */
  callbackUrl: string;
}

/**
 * The session as the `session` action answers it: the core's `Session` type itself (a type-only
 * import; nothing of the core is bundled), so one `declare module` augmentation, on
 * `@portcullis/core` or `@portcullis/next`, types `useSession().data` as well, as in next-auth.
 */
/**
 * One of the signed-in user's sessions, as the `sessions` action lists it: the core's own type (a
 * type-only import), so the list cannot drift from what the server sends.
 */
export type { Session, SessionInfo } from "@portcullis/core";

/**
 * Options of `signIn`: where to go afterwards, whether to go there, and any extra fields the
 * provider reads from the form (`email` for email providers, the credentials for credentials).
 */
export type SignInOptions = {
  /** Navigate after the POST (default `true`). Only email and credentials sign-ins honour `false`. */
  redirect?: boolean;
  /** Where the user lands after signing in. Default: the current page in a browser. */
  redirectTo?: string;
  /** Older name of `redirectTo`, still accepted; `redirectTo` wins when both are given. */
  callbackUrl?: string;
  /** Extra form fields, sent as strings; `undefined` and `null` values are left out. */
  [field: string]: unknown;
} & ClientOptions;

/** Options of `signOut`. */
export type SignOutOptions = {
  /** Navigate after signing out (default `true`); `false` returns `{ url }` instead. */
  redirect?: boolean;
  /** Where the user lands after signing out. Default: the current page in a browser. */
  redirectTo?: string;
  /** Older name of `redirectTo`, still accepted; `redirectTo` wins when both are given. */
  callbackUrl?: string;
  /**
   * Portcullis extension: also sign out at the identity provider the session was signed in with
   * (OpenID Connect RP-initiated logout), which then sends the user on to `redirectTo`. `false`
   * keeps the provider's session even when its provider sets `logout.federated`. Default: the
   * provider's `logout.federated`.
   */
  federated?: boolean;
} & ClientOptions;

/** Extra parameters for the provider's authorization request, in any form `URLSearchParams` takes. */
export type SignInAuthorizationParams =
  | string
  | Record<string, string>
  | URLSearchParams
  | [string, string][];

/** What `signIn` answers for an email or credentials sign-in with `redirect: false`. */
export interface SignInResult {
  /** The `error` of the URL the server answered with (`"CredentialsSignin"`, ...), if any. */
  error: string | undefined;
  /** The `code` of that URL (a credentials provider's reason, default `"credentials"`), if any. */
  code: string | undefined;
  /** HTTP status of the sign-in POST. */
  status: number;
  /** True when the server accepted the sign-in: an OK status and no `error`. */
  ok: boolean;
  /** Where the server would send the user; `null` when the sign-in failed. */
  url: string | null;
}

/** What `signOutEverywhere` answers with `redirect: false`. */
export interface SignOutEverywhereResult {
  /** Where the server would send the user, as `signOut` answers it. */
  url: string;
  /** How many sessions were revoked, this browser's included. */
  revoked: number;
}
