/**
 * The cookies Portcullis sets, with WIRE.md's names and attributes. Both variants (plain and
 * secure) are built once per configuration; a request picks one.
 */
import type { CookieOption, CookiesOptions } from "../types";

/** Lifetime of the one-time check cookies (PKCE, state, nonce, WebAuthn challenge): 15 minutes. */
export const CHECK_COOKIE_MAX_AGE = 900;

/**
 * The default cookies. Secure cookies get the `__Secure-` prefix, except the CSRF cookie, which
 * gets `__Host-` (no Domain, Path=/), so a sibling subdomain cannot plant a token for us.
 */
export function defaultCookies(secure: boolean): CookiesOptions {
  const prefix = secure ? "__Secure-" : "";
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secure };
  const check = { ...options, maxAge: CHECK_COOKIE_MAX_AGE };
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options },
    csrfToken: { name: `${secure ? "__Host-" : ""}authjs.csrf-token`, options },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: check },
    state: { name: `${prefix}authjs.state`, options: check },
    nonce: { name: `${prefix}authjs.nonce`, options },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: check },
    emailSentTo: { name: `${prefix}portcullis.email-sent-to`, options: check },
  };
}

/** Defaults with the user's overrides laid over them, role by role. */
export function resolveCookies(
  secure: boolean,
  overrides: Partial<CookiesOptions> | undefined,
): CookiesOptions {
  const cookies = defaultCookies(secure);
  if (!overrides) return cookies;
  for (const key of Object.keys(overrides) as (keyof CookiesOptions)[]) {
    const custom: Partial<CookieOption> | undefined = overrides[key];
    if (!custom) continue;
    cookies[key] = {
      name: custom.name ?? cookies[key].name,
      options: { ...cookies[key].options, ...custom.options },
    };
  }
  return cookies;
}
