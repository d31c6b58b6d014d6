/**
 * The Sign in with Apple provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The name and email Apple posts (as JSON in the `user` form field) on the first sign-in only. */
export interface AppleUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

/** The claims of Apple's ID token, plus the `user` field of the first sign-in. */
export interface AppleProfile {
  iss: "https://appleid.apple.com";
  aud: string;
  iat: number;
  exp: number;
  /** The user's stable identifier for this team. */
  sub: string;
  at_hash?: string;
  nonce?: string;
  nonce_supported?: boolean;
  auth_time?: number;
  /** A real address, or a private relay address (`is_private_email`). */
  email?: string;
  /** Apple sends booleans as `true`/`false` or as the strings `"true"`/`"false"`. */
  email_verified?: boolean | "true" | "false";
  is_private_email?: boolean | "true" | "false";
  /** 0 unsupported, 1 unknown, 2 likely real. */
  real_user_status?: 0 | 1 | 2;
  transfer_sub?: string;
  /** Only on the first sign-in: the JSON `user` field (parsed, or as the raw string). */
  user?: AppleUser | string;
}

/** The user's name from the first-sign-in `user` field, or null on later sign-ins. */
function nameOf(user: AppleProfile["user"]): string | null {
  let parsed: AppleUser | undefined;
  if (typeof user === "string") {
    try {
      parsed = JSON.parse(user) as AppleUser;
    } catch {
      // A malformed field only costs the name, which Apple sends once anyway.
      return null;
    }
  } else {
    parsed = user;
  }
  const name = [parsed?.name?.firstName, parsed?.name?.lastName].filter(Boolean).join(" ");
  return name || null;
}

/**
 * Sign in with Apple (OpenID Connect, issuer `https://appleid.apple.com`). Register
 * `{origin}/auth/callback/apple` as a return URL of the Services ID; the client id (the Services
 * ID) and the client secret (a JWT signed with your Apple key, valid up to six months) are read
 * from `AUTH_APPLE_ID` and `AUTH_APPLE_SECRET` when not given here.
 *
 * Apple requires `response_mode=form_post` when the `name` or `email` scope is requested, so the
 * callback arrives as a cross-site POST; for that reason this provider checks `state` and `nonce`,
 * whose cookies the core sends with `SameSite=None`. Apple only accepts the client secret in the
 * request body (`client_secret_post`), and sends the user's name once, on the first sign-in.
 * Apple requires https callback URLs, also in development.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developer.apple.com/documentation/sign_in_with_apple/request_an_authorization_to_the_sign_in_with_apple_server
 * @example
 * ```ts
 * import Apple from "@portcullis/core/providers/apple"
 * const providers = [Apple({ clientId: "com.example.web", clientSecret: "eyJhbGciOiJFUzI1NiJ9..." })]
 * ```
 */
export default function Apple(config?: OIDCUserConfig<AppleProfile>): OIDCConfig<AppleProfile> {
  return defineOIDCProvider<AppleProfile>(
    {
      id: "apple",
      name: "Apple",
      type: "oidc",
      issuer: "https://appleid.apple.com",
      authorization: { params: { scope: "name email", response_mode: "form_post" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["nonce", "state"],
      profile: (profile) => ({
        id: profile.sub,
        name: nameOf(profile.user),
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#000000" },
      [providerMark]:
        '<path d="M16.5 12.6c0-2 1.6-3 1.7-3a3.7 3.7 0 0 0-2.9-1.6c-1.2-.1-2.4.7-3 .7s-1.6-.7-2.6-.7A3.9 3.9 0 0 0 6.4 10c-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.3-.6 2.5-.6 1.5.6 2.5.6 1.7-1 2.3-2a8 8 0 0 0 1-2.1 3.3 3.3 0 0 1-1.7-3.3zm-1.9-6.3a3.4 3.4 0 0 0 .8-2.5 3.5 3.5 0 0 0-2.3 1.2 3.2 3.2 0 0 0-.8 2.4 2.9 2.9 0 0 0 2.3-1.1z"/>',
    },
    config,
  );
}
