/**
 * Sign-in with an OAuth 1.0a provider (Twitter's `version: "1.0A"`): the sign-in POST gets a
 * request token and sends the user to the provider; the callback trades the verifier for an
 * access token, loads the profile and signs in through the same account resolution and session
 * start as OAuth 2. The account keeps `oauth_token` and `oauth_token_secret`, as Auth.js v4 did.
 *
 * The request token's secret never leaves the server unencrypted: it is sealed (JWE, salt = the
 * cookie's name, 15 minutes) with the request token and the provider id into the `state` check
 * cookie, so only this browser can finish the sign-in, only with the token it was given, and
 * only for this provider.
 *
 * @module
 */
import { discardBody } from "../../cancel-body";
import { CHECK_COOKIE_MAX_AGE } from "../../config/cookies";
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import { timingSafeEqual } from "../../crypto/primitives";
import { CallbackRouteError, InvalidCheck, OAuthCallbackError, OAuthSignInError } from "../../errors";
import type { SetCookie } from "../../http/cookies";
import { decode, encode } from "../../jwt";
import type { OAuth2Config, Profile } from "../../types";
import { resolveAccount } from "../account";
import { boundedFetch } from "../oauth/bounded-fetch";
import { clearChecks } from "../oauth/checks";
import { ProviderAnswerNotJson, ProviderHttpError, talkTo } from "../oauth/failure";
import { mapProfile } from "../oauth/profile";
import { oauthRuntime } from "../oauth/provider";
import { redirectUri } from "../oauth/redirect-proxy";
import { assertSecureEndpoint, timeoutSignal } from "../oauth/transport";
import { checkSignIn, startSession } from "../sign-in";
import type { Flow } from "../types";
import { authorizationHeader, type OAuth1Credentials, type OAuth1Param } from "./signature";

interface Sealed {
  token: string;
  secret: string;
  provider: string;
}

function credentials(config: OAuth2Config): OAuth1Credentials {
  return { consumerKey: String(config.clientId ?? ""), consumerSecret: String(config.clientSecret ?? "") };
}

function endpoint(value: unknown, providerId: string, what: string): URL {
  const raw = typeof value === "string" ? value : (value as { url?: unknown } | undefined)?.url;
  if (typeof raw !== "string")
    throw new OAuthSignInError(`OAuth 1.0a provider "${providerId}" has no ${what}.`);
  const url = new URL(raw);
  assertSecureEndpoint(url, providerId, what);
  return url;
}

/** An endpoint as a log line names it: origin and path, without a query that could carry a token. */
function logged(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** A non-OK answer as an error that names only its status: the body may echo tokens. */
function refuseHttpError(response: Response): void {
  if (response.ok) return;
  discardBody(response);
  throw new ProviderHttpError(response.status);
}

/**
 * A signed form POST to an OAuth 1.0a endpoint; the answer is form-encoded (RFC 5849 section 2).
 * It throws what went wrong as is, for {@link talkTo} to tell an outage from a configuration error.
 */
async function signedPost(
  url: URL,
  creds: OAuth1Credentials,
  extra: OAuth1Param[],
  ctx: ActionContext,
): Promise<URLSearchParams> {
  const response = await boundedFetch()(url, {
    method: "POST",
    headers: { authorization: await authorizationHeader("POST", url.href, creds, extra, ctx.now) },
    signal: timeoutSignal(ctx.config.timeouts.http)?.(),
  });
  refuseHttpError(response);
  return new URLSearchParams(await response.text());
}

async function signIn(_req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const config = ctx.provider as OAuth2Config;
  const { provider, endpoints } = oauthRuntime(config);
  const fail = (message: string) => new OAuthSignInError(`OAuth 1.0a provider "${provider.id}": ${message}`);
  const requestTokenUrl = endpoint(config.requestTokenUrl, provider.id, "request token endpoint");
  if (!endpoints.authorization) throw fail("no authorization endpoint.");
  await ctx.callbackUrl();
  const callback = redirectUri(provider.id, undefined, ctx);
  const answer = await talkTo(
    "signIn",
    provider.id,
    `request token request to ${logged(requestTokenUrl)}`,
    () => signedPost(requestTokenUrl, credentials(config), [["oauth_callback", callback]], ctx),
  );
  const token = answer.get("oauth_token");
  const secret = answer.get("oauth_token_secret");
  // RFC 5849 section 2.1: a provider that did not confirm the callback ignored it (OAuth 1.0).
  if (!token || !secret || answer.get("oauth_callback_confirmed") !== "true") {
    throw fail("the request token answer lacks oauth_token, oauth_token_secret or oauth_callback_confirmed.");
  }
  const { name, options } = ctx.cookies.state;
  const sealed = await encode({
    token: { token, secret, provider: provider.id } satisfies Sealed,
    salt: name,
    secret: ctx.config.secrets,
    maxAge: CHECK_COOKIE_MAX_AGE,
    now: ctx.now,
  });
  const cookie: SetCookie = {
    name,
    value: sealed,
    options: { ...options, expires: new Date(ctx.now + CHECK_COOKIE_MAX_AGE * 1000) },
  };
  const url = new URL(endpoints.authorization);
  url.searchParams.set("oauth_token", token);
  return { redirect: url.href, cookies: [cookie] };
}

/** The request token and its secret from the cookie, checked against the callback's token. */
async function readSealed(req: AuthRequest, token: string, providerId: string, ctx: ActionContext) {
  const { name } = ctx.cookies.state;
  const raw = req.cookies.get(name);
  if (!raw) throw new InvalidCheck("The OAuth 1.0a request token cookie is missing.");
  const sealed = await decode<Partial<Sealed>>({
    token: raw,
    salt: name,
    secret: ctx.config.secrets,
    now: ctx.now,
  });
  if (
    typeof sealed?.token !== "string" ||
    typeof sealed.secret !== "string" ||
    sealed.provider !== providerId
  ) {
    throw new InvalidCheck(
      "The OAuth 1.0a request token cookie is invalid, expired or for another provider.",
    );
  }
  if (!timingSafeEqual(sealed.token, token)) {
    throw new InvalidCheck("The oauth_token of the callback is not the request token of this browser.");
  }
  return sealed as Sealed;
}

async function callback(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const config = ctx.provider as OAuth2Config;
  const { provider, endpoints } = oauthRuntime(config);
  const { id } = provider;
  const fail = (message: string) => new CallbackRouteError(`OAuth 1.0a provider "${id}": ${message}`);
  // Twitter sends `?denied={request token}` when the user refuses.
  if (typeof req.query.denied === "string") {
    throw new OAuthCallbackError(`OAuth 1.0a provider "${id}": the user denied the authorization.`);
  }
  const token = req.query.oauth_token;
  const verifier = req.query.oauth_verifier;
  if (typeof token !== "string" || token === "" || typeof verifier !== "string" || verifier === "") {
    throw new OAuthCallbackError(
      `OAuth 1.0a provider "${id}": the callback lacks oauth_token or oauth_verifier.`,
    );
  }
  const sealed = await readSealed(req, token, id, ctx);
  if (!endpoints.token || !endpoints.userinfo) throw fail("no access token or profile endpoint.");
  const creds = credentials(config);
  const tokenUrl = endpoints.token;
  const answer = await talkTo("callback", id, `access token request to ${logged(tokenUrl)}`, () =>
    signedPost(
      tokenUrl,
      { ...creds, token, tokenSecret: sealed.secret },
      [["oauth_verifier", verifier]],
      ctx,
    ),
  );
  const accessToken = answer.get("oauth_token");
  const accessSecret = answer.get("oauth_token_secret");
  if (!accessToken || !accessSecret)
    throw fail("the access token answer lacks oauth_token or oauth_token_secret.");
  const tokens = { oauth_token: accessToken, oauth_token_secret: accessSecret };
  const profileUrl = endpoints.userinfo;
  const profile = await talkTo("callback", id, `profile request to ${logged(profileUrl)}`, () =>
    loadProfile(profileUrl, { ...creds, token: accessToken, tokenSecret: accessSecret }, ctx),
  );
  const mapped = await mapProfile(provider, profile, tokens);
  const user = mapped.user;
  // The OAuth 2 token keys mean nothing here; the account keeps Auth.js v4's OAuth 1 fields.
  const account = { ...mapped.account, ...tokens };
  const resolved = await resolveAccount({ user, account, profile }, req, ctx);
  const cleared = clearChecks(ctx, false);
  const redirect = await checkSignIn({ user: resolved.user, account, profile }, ctx);
  if (redirect) return { redirect, cookies: cleared };
  const signedIn = await resolved.save();
  const result = await startSession(
    { user: signedIn, account, profile, isNewUser: resolved.isNewUser },
    req,
    ctx,
  );
  return { ...result, cookies: [...cleared, ...(result.cookies ?? [])] };
}

/** The signed-in user's profile; like {@link signedPost}, it throws what went wrong as is. */
async function loadProfile(url: URL, creds: OAuth1Credentials, ctx: ActionContext): Promise<Profile> {
  const response = await boundedFetch()(url, {
    headers: { authorization: await authorizationHeader("GET", url.href, creds, [], ctx.now) },
    signal: timeoutSignal(ctx.config.timeouts.http)?.(),
  });
  refuseHttpError(response);
  try {
    return (await response.json()) as Profile;
  } catch {
    // As the OAuth 2 userinfo request says it, so both protocols classify and log it alike.
    throw new ProviderAnswerNotJson("the response is not JSON");
  }
}

/**
 * The OAuth 1.0a flow; see the module description.
 *
 * @example
 * ```ts
 * const result = await oauth1Flow.callback(req, ctx)
 * ```
 */
export const oauth1Flow: Flow = { signIn, callback };
