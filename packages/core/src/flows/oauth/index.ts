/**
 * Sign-in with OAuth 2 and OpenID Connect providers (on oauth4webapi): the sign-in POST that
 * sends the user to the provider, and the callback that completes the sign-in.
 *
 * @module
 */
import { InvalidConfiguration, InvalidEndpoints } from "../../errors";
import type { OAuth2Config, ProviderConfig } from "../../types";
import type { Flow } from "../types";
import { oauthSignIn } from "./authorization-url";
import { oauthCallback } from "./callback";
import { endSessionUrl } from "./end-session";
import { verifyLogoutToken } from "./logout-token";
import { oauthRuntime } from "./provider";

/**
 * Throws when a provider is OAuth 1.0a (which only Twitter's factory runs), or when its endpoints can never work: nothing to discover and no authorization or
 * token URL, an OIDC provider without an issuer, a URL that is not https. Normalised here once
 * rather than on the first sign-in (the runtime is cached per provider). A missing client id is
 * not an endpoint problem: the configuration check reports it on its own, as a log line.
 */
function checkEndpoints(provider: ProviderConfig): void {
  if ((provider as { version?: unknown }).version === "1.0A") {
    throw new InvalidConfiguration(
      `The provider "${provider.id}" is an OAuth 1.0a provider (version "1.0A"), which OAuth() cannot run: build it with \`Twitter({ version: "1.0A" })\` from "@portcullis/core/providers/twitter", the only OAuth 1.0a provider.`,
    );
  }
  try {
    oauthRuntime(provider as OAuth2Config);
  } catch (error) {
    if (error instanceof InvalidEndpoints) throw error;
  }
}

/**
 * The OAuth/OIDC flow, which every OAuth provider factory (and `OAuth()` for a provider of an
 * app's own) puts on the providers it makes: `Auth` does not hold it, so that an app without
 * OAuth does not bundle it and oauth4webapi.
 *
 * @example
 * ```ts
 * const result = await oauthFlow.signIn(req, ctx)
 * ```
 */
export const oauthFlow: Flow = {
  signIn: oauthSignIn,
  callback: oauthCallback,
  check: checkEndpoints,
  endSessionUrl,
  verifyLogoutToken,
};
