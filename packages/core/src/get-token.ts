/**
 * `getToken`: reads the session JWT of a request (the chunked session cookie, else an
 * `Authorization: Bearer` header) and decodes it, for code outside the auth routes.
 * Exported from `@portcullis/core/jwt`.
 */
import { declaredTrust, envSecrets, envUrl, processEnv } from "./config/env";
import { parseCookies, readChunked } from "./http/cookies";
import { hostTrust, publicProtocol } from "./http/origin";
import { decode, secretList } from "./jwt";
import type { Awaitable, JWT, JWTDecodeParams, LoggerInstance } from "./types";

/** Parameters of {@link getToken}; `R` is the type of `raw`, which decides the result type. */
export interface GetTokenParams<R extends boolean = false> {
  /** The request, or anything with its headers. */
  req: Request | { headers: Headers | Record<string, string> };
  /** Default: env `AUTH_SECRET_3`, `_2`, `_1`, `AUTH_SECRET` (those set), else `NEXTAUTH_SECRET`. */
  secret?: string | string[];
  /** Key derivation salt. Default: the cookie name. */
  salt?: string;
  /** Default `__Secure-authjs.session-token` when `secureCookie`, else `authjs.session-token`. */
  cookieName?: string;
  /**
   * Default: true when the app is served over https, decided as the auth routes decide it: the
   * scheme of env `AUTH_URL`/`NEXTAUTH_URL`, else (under `AUTH_TRUST_HOST`, Vercel or Cloudflare
   * Pages) `X-Forwarded-Proto`, else the request URL's; and true whenever the request carries a
   * `__Secure-authjs.session-token` cookie or chunk.
   */
  secureCookie?: boolean;
  /** Return the token string instead of decoding it (no secret needed). */
  raw?: R;
  /** Replaces {@link decode}; a throw counts as no token. */
  decode?: (params: JWTDecodeParams) => Awaitable<JWT | null>;
  /** Receives a debug line when a token is present but unusable (never the token itself). */
  logger?: Partial<LoggerInstance>;
}

/** The secrets from the environment, newest first, as `setEnvDefaults` would configure them. */
function envSecret(): string[] | undefined {
  return envSecrets(processEnv());
}

/** A header from a `Headers` object or a plain record (case-insensitive, no copy). */
function header(headers: Headers | Record<string, string>, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  for (const key in headers) {
    if (key.toLowerCase() === name) {
      const value = (headers as Record<string, unknown>)[key];
      return typeof value === "string" ? value : null;
    }
  }
  return null;
}

const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";
const PLAIN_SESSION_COOKIE = "authjs.session-token";

/**
 * The request's cookies, and whether any of them (even one left out as ambiguous) is of the
 * `__Secure-` session family.
 */
interface RequestCookies {
  cookies: Map<string, string>;
  secureSession: boolean;
}

function requestCookies(req: GetTokenParams["req"]): RequestCookies {
  let secureSession = false;
  const noteName = (name: string) => {
    if (name === SECURE_SESSION_COOKIE || name.startsWith(`${SECURE_SESSION_COOKIE}.`)) secureSession = true;
  };
  // A `__Secure-` copy left out as ambiguous (a sibling planted a second one) still shows the
  // page is https: the unprefixed cookie next to it is then no more the user's than before.
  const cookies = parseCookies(header(req.headers, "cookie"), noteName);
  for (const name of cookies.keys()) noteName(name);
  return { cookies, secureSession };
}

/**
 * The session cookie's name when the caller gave none. Secure exactly when the routes would have
 * written the `__Secure-` cookie (see {@link publicProtocol}); and whenever the request carries
 * one, since only an https page can have set it: reading the unprefixed name then would return
 * whatever a sibling subdomain planted under it (its own account), not the user's session.
 */
function defaultCookieName(
  req: GetTokenParams["req"],
  secureCookie: boolean | undefined,
  cookies: RequestCookies,
): string {
  const secure = secureCookie ?? (cookies.secureSession || servedOverHttps(req));
  return secure ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE;
}

/** Whether the app is served over https, by the routes' rule, with the trust the environment declares. */
function servedOverHttps(req: GetTokenParams["req"]): boolean {
  const env = processEnv();
  const appUrl = envUrl(env);
  const origin = {
    url: appUrl !== undefined && URL.canParse(appUrl) ? new URL(appUrl) : undefined,
    hostTrust: hostTrust(declaredTrust(env), env.NODE_ENV === "production"),
  };
  return publicProtocol(requestProtocol(req), header(req.headers, "x-forwarded-proto"), origin) === "https:";
}

/** The protocol of the request URL; `http:` when there is none or it is relative (a Node `req.url`). */
function requestProtocol(req: GetTokenParams["req"]): string {
  const url = (req as { url?: unknown }).url;
  return typeof url === "string" && URL.canParse(url) ? new URL(url).protocol : "http:";
}

/** The `Bearer` credential, percent-decoded; null when absent or malformed. */
function bearer(authorization: string | null): string | null {
  const match = authorization === null ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The token from the (chunked) session cookie, else from `Authorization: Bearer`. */
function readToken(
  req: GetTokenParams["req"],
  cookies: Map<string, string>,
  cookieName: string,
): string | null {
  return readChunked(cookies, cookieName) ?? bearer(header(req.headers, "authorization"));
}

/**
 * Reads the session JWT of a request, from the (possibly chunked) session cookie or else from an
 * `Authorization: Bearer <token>` header (percent-decoded), and decodes it. Meant for code outside
 * the auth routes (APIs, middleware) that needs the token rather than the session.
 *
 * Every failure answers `null`: no token, malformed percent-encoding, a token that does not
 * decode, a custom `decode` that throws, unreadable headers.
 *
 * @typeParam R - The type of `raw`: `true` makes the result the token string.
 * @param params - See {@link GetTokenParams}; only `req` is required.
 * @returns The payload, the raw token string with `raw: true`, or `null`.
 * @throws {MissingSecret} when no secret is given or found in the environment (unless `raw`):
 * checked before the request is read, so a misconfiguration shows on the first call.
 * @see WIRE.md, section "Crypto"
 * @example
 * ```ts
 * const token = await getToken({ req: request, secret: process.env.AUTH_SECRET })
 * if (token?.sub) console.log("signed in as", token.sub)
 * ```
 */
export async function getToken<R extends boolean = false>(
  params: GetTokenParams<R>,
): Promise<(R extends true ? string : JWT) | null> {
  type Result = (R extends true ? string : JWT) | null;
  const secret = params.secret ?? envSecret();
  if (!params.raw) secretList(secret);
  let token: string | null;
  let cookieName: string;
  try {
    const cookies = requestCookies(params.req);
    cookieName = params.cookieName ?? defaultCookieName(params.req, params.secureCookie, cookies);
    token = readToken(params.req, cookies.cookies, cookieName);
  } catch {
    return null;
  }
  if (token === null || params.raw) return token as Result;
  try {
    const payload = await (params.decode ?? decode)({
      token,
      secret: secret!,
      salt: params.salt ?? cookieName,
    });
    if (payload === null)
      params.logger?.debug?.("getToken: a token was found but did not decode", { cookieName });
    return payload as Result;
  } catch (error) {
    params.logger?.debug?.("getToken: decode threw", { cookieName, error: (error as Error)?.name });
    return null;
  }
}
