/**
 * The Slack provider (Sign in with Slack).
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Sign in with Slack ID token. */
export interface SlackProfile {
  iss: "https://slack.com";
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time: number;
  nonce?: string;
  at_hash?: string;
  "https://slack.com/user_id": string;
  "https://slack.com/team_id": string;
  "https://slack.com/team_name"?: string;
  "https://slack.com/team_domain"?: string;
  "https://slack.com/user_image_512"?: string;
  email?: string;
  email_verified?: boolean;
  date_email_verified?: number;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
}

/**
 * Sign in with Slack (OpenID Connect, issuer `https://slack.com`). Add
 * `{origin}/auth/callback/slack` to the Slack app's Redirect URLs under OAuth & Permissions; the
 * client id and secret are read from `AUTH_SLACK_ID` and `AUTH_SLACK_SECRET` when not given here.
 * Slack binds the ID token with `nonce`, and `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://api.slack.com/authentication/sign-in-with-slack
 * @example
 * ```ts
 * import Slack from "@portcullis/core/providers/slack"
 * const providers = [Slack({ clientId: "123.456", clientSecret: "secret" })]
 * ```
 */
export default function Slack(config?: OIDCUserConfig<SlackProfile>): OIDCConfig<SlackProfile> {
  return defineOIDCProvider<SlackProfile>(
    {
      id: "slack",
      name: "Slack",
      type: "oidc",
      issuer: "https://slack.com",
      authorization: { params: { scope: "openid profile email" } },
      checks: ["nonce", "state"],
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? profile["https://slack.com/user_image_512"] ?? null,
      }),
      style: { brandColor: "#4a154b" },
      [providerMark]:
        '<path d="M9 3.5v17m6-17v17M3.5 9h17m-17 6h17" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>',
    },
    config,
  );
}
