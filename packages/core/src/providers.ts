/**
 * @portcullis/core/providers: the types of provider configurations, where Auth.js apps import
 * them (`import type { OAuthConfig } from "@auth/core/providers"`). The providers themselves are
 * the modules under `@portcullis/core/providers/<id>`, and a provider of an app's own is made by
 * `OAuth()` from `@portcullis/core/providers/oauth`; this entry holds types only.
 *
 * @example
 * ```ts
 * import type { OAuthConfig, OAuthUserConfig } from "@portcullis/core/providers"
 * import OAuth from "@portcullis/core/providers/oauth"
 *
 * export default function Acme(options: OAuthUserConfig): OAuthConfig {
 *   return OAuth({ id: "acme", name: "Acme", type: "oidc", issuer: "https://id.acme.test", ...options })
 * }
 * ```
 *
 * @module
 */
import type { EmailConfig, OAuthCheck, SendVerificationRequestParams } from "./types";

export type {
  AuthorizationParams,
  CommonProviderOptions,
  CredentialInput,
  CredentialsConfig,
  EmailConfig,
  EndpointHandler,
  OAuth2Config,
  OAuth2Options,
  OAuthCheck,
  OAuthConfig,
  OAuthProviderButtonStyles,
  OAuthUserConfig,
  OIDCConfig,
  OIDCUserConfig,
  Provider,
  ProviderConfig,
  ProviderType,
  PublicProvider,
  SendVerificationRequestParams,
  TokenRequestContext,
  UserinfoRequestContext,
  WebAuthnConfig,
} from "./types";

/** The checks an OAuth provider can make on the callback; Auth.js's name for {@link OAuthCheck}. */
export type OAuthChecks = OAuthCheck;

/**
 * What an email provider's `sendVerificationRequest` receives; Auth.js's name for
 * {@link SendVerificationRequestParams}.
 */
export type EmailProviderSendVerificationRequestParams = SendVerificationRequestParams;

/** The options a user gives a built-in email provider factory: any field but `type`, all optional. */
export type EmailUserConfig = Partial<Omit<EmailConfig, "type">>;

/**
 * A provider's id, as `signIn(id)` takes it: a built-in provider's (`"github"`, `"credentials"`)
 * or the `id` a configuration gives its own.
 */
export type ProviderId = string;
