/**
 * The data that flows through the pipeline: the parsed request an action reads, the context it
 * works in, and the plain result it returns. Actions never build a Response; http/response.ts does.
 */
import type { InternalConfig } from "./config/normalize";
import type { SetCookie } from "./http/cookies";
import type { CookiesOptions, ProviderConfig } from "./types";

/** The actions of WIRE.md's table. */
export type AuthAction =
  | "backchannel-logout"
  | "callback"
  | "csrf"
  | "error"
  | "providers"
  | "session"
  | "sessions"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options";

/** A request after parsing: routed, cookies read, body decoded. */
export interface AuthRequest {
  request: Request;
  method: "GET" | "POST";
  action: AuthAction;
  providerId?: string;
  url: URL;
  query: Record<string, string>;
  /** The decoded form or JSON object; undefined on GET or for other content types. */
  body?: Record<string, unknown>;
  cookies: Map<string, string>;
}

/** What an action answers, as data. */
export interface AuthResult {
  status?: number;
  /** A string is sent as is (with its Content-Type header); anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: SetCookie[];
  /** An absolute URL to redirect to (or to return as `{url}` in JSON mode). */
  redirect?: string;
  /**
   * The error type of a redirect that refuses the request (to a page with `?error=`). In JSON
   * mode it is answered beside the URL, `{url, error}`: a client cannot tell a refusal from the
   * URL alone, as the page it asked to return to may carry an `error` of its own.
   */
  refusal?: string;
}

/** Everything an action may use besides the request. */
export interface ActionContext {
  config: InternalConfig;
  /** The app's origin (scheme, host, port): the `baseUrl` of the redirect callback. */
  origin: string;
  /** Where the auth routes are served: the configuration's `basePath`, or the mount path. */
  basePath: string;
  /** origin + basePath, e.g. `https://example.com/auth`. */
  actionUrl: string;
  /** Whether cookies are Secure and prefixed on this request. */
  secure: boolean;
  cookies: CookiesOptions;
  /** The provider named in the path, when there is one and it exists. */
  provider?: ProviderConfig;
  /** The request time in milliseconds, fixed for the whole request. */
  now: number;
  /** The CSRF token for forms; creates one (and its cookie) when the request has none. */
  csrfToken(): Promise<string>;
  /**
   * True when a POST carries a csrfToken matching a valid CSRF cookie, or comes from the origin
   * the integration mounted the routes with (`Mount.csrfOrigin`); always for server-side calls
   * and with `skipCSRFCheck`.
   */
  csrfVerified(): Promise<boolean>;
  /** Where to go after the action: body, query, cookie or origin, through the `redirect` callback. */
  callbackUrl(): Promise<string>;
  /** Cookies set by the context itself (CSRF, callback URL), added to successful results. */
  contextCookies: SetCookie[];
}

/** The signature every action has. */
export type Action = (req: AuthRequest, ctx: ActionContext) => Promise<AuthResult>;
