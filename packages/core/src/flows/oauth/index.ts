/**
 * Sign-in with OAuth 2 and OpenID Connect providers (on oauth4webapi): the sign-in POST that
 * sends the user to the provider, and the callback that completes the sign-in.
 *
 * @module
 */
import type { Flow } from "../types";
import { oauthSignIn } from "./authorization-url";
import { oauthCallback } from "./callback";

/**
 * The OAuth/OIDC flow, registered for provider types `oauth` and `oidc`.
 *
 * @example
 * ```ts
 * const result = await oauthFlow.signIn(req, ctx)
 * ```
 */
export const oauthFlow: Flow = { signIn: oauthSignIn, callback: oauthCallback };
