/**
 * `getToken`: reads the session JWT of a request (the chunked session cookie, else an
 * `Authorization: Bearer` header) and decodes it, for code outside the auth routes.
 * Exported from `@portcullis/core/jwt`.
 */
import { envSecrets, envUrl, processEnv } from "./config/env";
import { parseCookies, readChunked } from "./http/cookies";
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
  /** Default: true when the request URL, or env `AUTH_URL`/`NEXTAUTH_URL`, is https. */
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

function isSecure(req: GetTokenParams["req"]): boolean {
  const url = (req as { url?: unknown }).url;
  if (typeof url === "string" && url.startsWith("https:")) return true;
  return envUrl(processEnv())?.startsWith("https://") ?? false;
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
function readToken(req: GetTokenParams["req"], cookieName: string): string | null {
  const cookie = readChunked(parseCookies(header(req.headers, "cookie")), cookieName);
  return cookie ?? bearer(header(req.headers, "authorization"));
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
    const secure = params.secureCookie ?? isSecure(params.req);
    cookieName = params.cookieName ?? (secure ? "__Secure-authjs.session-token" : "authjs.session-token");
    token = readToken(params.req, cookieName);
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
