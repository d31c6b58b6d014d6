/**
 * The callback `GET|POST /callback/{id}` of an OAuth/OIDC provider, in order: forward it when
 * this app is the redirect proxy for another; refuse a provider error; verify the check
 * cookies; validate the authorization response; exchange the code; load the profile; map it
 * to a user and an account; resolve the account; ask the `signIn` callback; only then write rows
 * and start the session.
 *
 * What the user sees when it fails (WIRE.md "Errors"):
 * - the provider answered with `error` (e.g. consent denied): OAuthCallbackError, on the sign-in
 *   page; the provider's error and description go to the log only;
 * - a check cookie missing, expired, altered or for another provider, a state or nonce that does
 *   not match, a replayed callback: InvalidCheck, shown as `Configuration` on the error page;
 * - discovery, token or userinfo requests failing (an error answer, an invalid ID token, the
 *   provider down): CallbackRouteError naming provider and endpoint in the log, shown as
 *   `Configuration` on the error page;
 * - an account that cannot be linked: OAuthAccountNotLinked / AccountNotLinked, on the sign-in page.
 */
import { type AuthorizationServer, expectNoState, validateAuthResponse } from "oauth4webapi";
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import { OAuthCallbackError } from "../../errors";
import type { InternalOAuthProvider, OAuth2Config } from "../../types";
import { resolveAccount } from "../account";
import { checkSignIn, startSession } from "../sign-in";
import { type CheckValues, clearChecks, readChecks } from "./checks";
import { describeFailure, quoted } from "./failure";
import { mapProfile } from "./profile";
import { type OAuthRuntime, oauthRuntime } from "./provider";
import { effectiveChecks, forwardFromProxy, redirectProxyOf, redirectUri } from "./redirect-proxy";
import { authorizationServer, UNKNOWN_ISSUER } from "./server";
import { exchangeCode } from "./tokens";
import { loadProfile } from "./userinfo";

/** The callback parameters: the form body of a POST (form_post), else the query. */
function callbackParams(req: AuthRequest): URLSearchParams {
  const params = new URLSearchParams();
  const source = req.method === "POST" ? (req.body ?? {}) : req.query;
  for (const [key, value] of Object.entries(source)) if (typeof value === "string") params.set(key, value);
  return params;
}

/** Refuses an authorization error response before anything else is looked at. */
function refuseProviderError(params: URLSearchParams, providerId: string): void {
  const error = params.get("error");
  if (error === null) return;
  const description = params.get("error_description");
  throw new OAuthCallbackError(
    `OAuth provider "${providerId}" answered the sign-in with error ${quoted(error)}${description ? `: ${quoted(description)}` : ""}.`,
  );
}

/** The provider as custom requests see it for this request: checks and redirect URI included. */
function providerView(
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  checks: InternalOAuthProvider["checks"],
  callbackUrl: string,
): InternalOAuthProvider {
  const { provider } = runtime;
  const url = (value: string | undefined) => (value === undefined ? undefined : new URL(value));
  return {
    ...provider,
    checks,
    callbackUrl,
    token: { ...provider.token, url: url(server.token_endpoint) },
    userinfo: { ...provider.userinfo, url: url(server.userinfo_endpoint) },
  };
}

/** oauth4webapi's checks of the response (RFC 9207 `iss`), and a `code` present; state is verified already. */
function validated(
  runtime: OAuthRuntime,
  server: AuthorizationServer,
  params: URLSearchParams,
  checks: CheckValues,
): URLSearchParams {
  const response = new URLSearchParams(params);
  // Without a known issuer an `iss` cannot be checked; it is dropped rather than trusted.
  if (server.issuer === UNKNOWN_ISSUER) response.delete("iss");
  // Without a state check, a state the provider echoes anyway is ignored.
  if (checks.state === undefined) response.delete("state");
  let valid: URLSearchParams;
  try {
    valid = validateAuthResponse(server, runtime.client, response, checks.state ?? expectNoState);
  } catch (error) {
    throw new OAuthCallbackError(
      `OAuth provider "${runtime.provider.id}": the callback is not a valid authorization response: ${describeFailure(error)}`,
    );
  }
  if (!valid.get("code")) {
    throw new OAuthCallbackError(`OAuth provider "${runtime.provider.id}": the callback carries no code.`);
  }
  return valid;
}

/**
 * Handles the callback of an OAuth/OIDC provider; see the module description for the steps
 * and the errors.
 *
 * @param req - The callback request.
 * @param ctx - The action context; `ctx.provider` is the OAuth/OIDC provider.
 * @returns The session start (redirect to the callbackUrl with the session cookie), or a
 * forwarding redirect when this app is the redirect proxy.
 * @throws {OAuthCallbackError | InvalidCheck | CallbackRouteError | OAuthAccountNotLinked |
 * AccountNotLinked | AccessDenied | OAuthProfileParseError} See the module description.
 * @see WIRE.md, "Actions" (callback/{id}) and "Errors"
 * @example
 * ```ts
 * const result = await oauthCallback(req, ctx)
 * ```
 */
export async function oauthCallback(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const config = ctx.provider as OAuth2Config;
  const runtime = oauthRuntime(config);
  const { id } = runtime.provider;
  const params = callbackParams(req);
  const proxy = redirectProxyOf(runtime.provider, ctx);
  const forward = await forwardFromProxy(id, params, proxy, ctx);
  if (forward) return forward;
  refuseProviderError(params, id);
  const checkList = effectiveChecks(runtime.provider.checks, proxy);
  const checks = await readChecks(checkList, id, params.get("state"), req, ctx);
  const server = await authorizationServer(runtime, "callback", ctx.now, ctx.config.timeouts.http);
  const response = validated(runtime, server, params, checks);
  const view = providerView(runtime, server, checkList, redirectUri(id, proxy, ctx));
  const { tokens, claims } = await exchangeCode(runtime, server, view, response, checks, ctx);
  const profile = await loadProfile(runtime, server, view, tokens, claims, ctx.config.timeouts.http);
  // Apple posts the user's name once, as a JSON `user` field of its form_post callback.
  if (req.method === "POST" && params.has("user") && profile.user === undefined)
    profile.user = params.get("user");
  const { user, account } = await mapProfile(runtime.provider, profile, tokens);
  const resolved = await resolveAccount({ user, account, profile }, req, ctx);
  const cleared = clearChecks(ctx, req.method === "POST");
  const redirect = await checkSignIn({ user: resolved.user, account, profile }, ctx);
  if (redirect) return { redirect, cookies: cleared };
  const signedIn = await resolved.save();
  const result = await startSession(
    { user: signedIn, account, profile, isNewUser: resolved.isNewUser, idToken: tokens.id_token },
    req,
    ctx,
  );
  return { ...result, cookies: [...cleared, ...(result.cookies ?? [])] };
}
