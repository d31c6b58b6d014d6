/**
 * The callback protections (PKCE, state, nonce): their values are made at sign-in, sent to the
 * provider, and sealed into short-lived cookies that the callback must present.
 *
 * Each cookie holds a JWE (our `encode`, salt = the cookie's name, 15 minutes) of
 * `{value, provider}`: encrypted, so the code verifier never shows; bound to the provider, so a
 * cookie made for one provider cannot complete another's callback; and expiring on its own. The
 * `state` sent to the provider is itself a JWE (salt `encodedState`) of `{origin?, random,
 * provider}`, which lets a redirect proxy learn where to forward a callback without any cookie,
 * and for which provider it was made (Auth.js reads `origin` only and ignores the rest).
 *
 * @see WIRE.md, section "Crypto"
 */
import { calculatePKCECodeChallenge, generateRandomCodeVerifier, generateRandomNonce } from "oauth4webapi";
import { CHECK_COOKIE_MAX_AGE } from "../../config/cookies";
import type { ActionContext, AuthRequest } from "../../context";
import { randomHex, timingSafeEqual } from "../../crypto/primitives";
import { InvalidCheck } from "../../errors";
import type { SetCookie } from "../../http/cookies";
import { decode, encode } from "../../jwt";
import type { CookieOption, OAuthCheck } from "../../types";

/** The key-derivation salt of the state parameter. */
export const STATE_SALT = "encodedState";

/** The check values a callback verified, ready for the token request. */
export interface CheckValues {
  codeVerifier?: string;
  state?: string;
  nonce?: string;
}

type Sealed = "pkce" | "state" | "nonce";

const LABEL: Record<Sealed, string> = { pkce: "PKCE code verifier", state: "state", nonce: "nonce" };

function cookieOf(check: Sealed, ctx: ActionContext): CookieOption {
  if (check === "pkce") return ctx.cookies.pkceCodeVerifier;
  return check === "state" ? ctx.cookies.state : ctx.cookies.nonce;
}

function sealedChecks(checks: OAuthCheck[]): Sealed[] {
  return checks.filter(
    (check): check is Sealed => check === "pkce" || check === "state" || check === "nonce",
  );
}

async function seal(check: Sealed, value: string, providerId: string, formPost: boolean, ctx: ActionContext) {
  const { name, options } = cookieOf(check, ctx);
  const sealed = await encode({
    token: { value, provider: providerId },
    salt: name,
    secret: ctx.config.secrets,
    maxAge: CHECK_COOKIE_MAX_AGE,
    now: ctx.now,
  });
  const expires = new Date(ctx.now + CHECK_COOKIE_MAX_AGE * 1000);
  // A form_post callback is a cross-site POST, on which browsers withhold SameSite=Lax cookies.
  const crossSite = formPost ? { sameSite: "none" as const, secure: true } : {};
  return { name, value: sealed, options: { ...options, expires, ...crossSite } } satisfies SetCookie;
}

/**
 * Makes the values of a provider's checks: the parameters for the authorization URL and the
 * cookies that keep them. PKCE uses S256.
 *
 * @param checks - The provider's checks.
 * @param providerId - Bound into each cookie.
 * @param options - `origin`, the URL to carry in the state (redirect proxy: this app's callback URL); `formPost` when the provider
 * answers with `response_mode=form_post` (the cookies then get `SameSite=None; Secure`).
 * @param ctx - The action context (secrets, cookie names, clock).
 * @returns The parameters and the cookies.
 * @see https://www.rfc-editor.org/rfc/rfc7636
 * @example
 * ```ts
 * const { params, cookies } = await createChecks(["pkce", "state"], "google", { formPost: false }, ctx)
 * ```
 */
export async function createChecks(
  checks: OAuthCheck[],
  providerId: string,
  options: { origin?: string; formPost: boolean },
  ctx: ActionContext,
): Promise<{ params: Record<string, string>; cookies: SetCookie[] }> {
  const params: Record<string, string> = {};
  const cookies: SetCookie[] = [];
  for (const check of sealedChecks(checks)) {
    let value: string;
    if (check === "pkce") {
      value = generateRandomCodeVerifier();
      params.code_challenge = await calculatePKCECodeChallenge(value);
      params.code_challenge_method = "S256";
    } else if (check === "state") {
      // The provider is sealed in too: a redirect proxy holds no check cookies, so the state is
      // all it has to tell a callback of this provider from one for another (an IdP mix-up).
      const token = { origin: options.origin, random: randomHex(32), provider: providerId };
      value = await encode({
        token,
        salt: STATE_SALT,
        secret: ctx.config.secrets,
        maxAge: CHECK_COOKIE_MAX_AGE,
        now: ctx.now,
      });
      params.state = value;
    } else {
      value = generateRandomNonce();
      params.nonce = value;
    }
    cookies.push(await seal(check, value, providerId, options.formPost, ctx));
  }
  return { params, cookies };
}

async function unseal(
  check: Sealed,
  providerId: string,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<string> {
  const { name } = cookieOf(check, ctx);
  const cookie = req.cookies.get(name);
  if (!cookie) {
    throw new InvalidCheck(
      `The ${LABEL[check]} cookie is missing: the sign-in was not started in this browser, or the callback was used already.`,
    );
  }
  const payload = await decode<{ value?: unknown; provider?: unknown }>({
    token: cookie,
    salt: name,
    secret: ctx.config.secrets,
    now: ctx.now,
  });
  if (!payload || typeof payload.value !== "string") {
    throw new InvalidCheck(`The ${LABEL[check]} cookie could not be read: it expired or was altered.`);
  }
  if (payload.provider !== providerId) {
    throw new InvalidCheck(`The ${LABEL[check]} cookie was made for another provider.`);
  }
  return payload.value;
}

/**
 * Reads and verifies a callback's check cookies, and compares the `state` parameter with the
 * state cookie (in constant time).
 *
 * @param checks - The provider's checks.
 * @param providerId - The provider the cookies must be bound to.
 * @param state - The callback's `state` parameter.
 * @param req - The callback request.
 * @param ctx - The action context.
 * @returns The verified values.
 * @throws {InvalidCheck} When a cookie is missing, expired, altered or for another provider, or
 * the state does not match. (The state cookie is bound to its provider, so a matching state was
 * made for this one; the provider sealed in the state serves the redirect proxy, which has no
 * cookies.)
 * @example
 * ```ts
 * const { codeVerifier, nonce } = await readChecks(["pkce", "nonce"], "idp", params.get("state"), req, ctx)
 * ```
 */
export async function readChecks(
  checks: OAuthCheck[],
  providerId: string,
  state: string | null,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<CheckValues> {
  const values: CheckValues = {};
  for (const check of sealedChecks(checks)) {
    const value = await unseal(check, providerId, req, ctx);
    if (check === "pkce") values.codeVerifier = value;
    else if (check === "nonce") values.nonce = value;
    else if (state === null || !timingSafeEqual(state, value)) {
      throw new InvalidCheck("The state parameter does not match the state cookie.");
    } else values.state = value;
  }
  return values;
}

/** Where a state sent a callback: the URL it carries, and the provider it names, if any. */
export interface StateTarget {
  url: URL;
  /** The provider the state was made for; undefined in states made by Auth.js or earlier versions. */
  provider?: unknown;
}

/**
 * The URL a state parameter carries (set by an app behind a redirect proxy: its own callback
 * URL, as Auth.js seals it, or only its origin, as earlier Portcullis versions did), with the
 * provider it was made for, when the state decrypts with our secret and the URL is http(s).
 *
 * @param state - The `state` parameter of a callback.
 * @param ctx - The action context.
 * @returns The URL and the provider, or undefined.
 * @example
 * ```ts
 * const target = await stateTarget(params.get("state"), ctx)
 * ```
 */
export async function stateTarget(
  state: string | null,
  ctx: ActionContext,
): Promise<StateTarget | undefined> {
  if (!state) return undefined;
  const payload = await decode<{ origin?: unknown; provider?: unknown }>({
    token: state,
    salt: STATE_SALT,
    secret: ctx.config.secrets,
    now: ctx.now,
  });
  if (typeof payload?.origin !== "string") return undefined;
  try {
    const url = new URL(payload.origin);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    return { url, provider: payload.provider };
  } catch {
    return undefined;
  }
}

/**
 * Deleting Set-Cookies for every check cookie, so a callback cannot be completed twice with the
 * same cookies.
 *
 * @param ctx - The action context.
 * @param formPost - Whether the provider answers with form_post: the cookies were then set
 * `Secure`, and browsers let only a `Secure` cookie replace a `Secure` one.
 * @returns The cookies that clear PKCE, state and nonce.
 * @example
 * ```ts
 * const result = { redirect, cookies: clearChecks(ctx, false) }
 * ```
 */
export function clearChecks(ctx: ActionContext, formPost: boolean): SetCookie[] {
  return (["pkce", "state", "nonce"] as const).map((check) => {
    const { name, options } = cookieOf(check, ctx);
    const crossSite = formPost ? { sameSite: "none" as const, secure: true } : {};
    return { name, value: "", options: { ...options, ...crossSite, maxAge: 0, expires: new Date(0) } };
  });
}
