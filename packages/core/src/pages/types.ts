/**
 * Types shared by the built-in pages.
 *
 * @module
 */
import type { CredentialInput, OAuthProviderButtonStyles } from "../types";
import type { SafeHtml } from "./html";

/** What the sign-in page needs to know about one configured provider. */
export interface PageProvider {
  id: string;
  /** Shown on the provider's button. */
  name: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  /** The POST target that starts sign-in, e.g. `/auth/signin/github`. */
  signinUrl: string;
  /** The callback URL, e.g. `/auth/callback/credentials`; the credentials form posts here. */
  callbackUrl: string;
  /** Button color and logo of an OAuth/OIDC provider. */
  style?: OAuthProviderButtonStyles;
  /** The built-in logo its factory gave it (see `providerLogo`), drawn when `style.logo` is unset. */
  mark?: SafeHtml;
  /** Fields of a credentials provider's form; each key is the input's name. */
  credentials?: Record<string, CredentialInput>;
  /** Fields of a WebAuthn provider's form (each key is the input's name), or an email provider's address field. */
  formFields?: Record<string, CredentialInput>;
  /** Whether this WebAuthn provider offers its passkeys in the browser's autofill on load. */
  enableConditionalUI?: boolean;
  /**
   * The script this provider's form needs (a WebAuthn provider's ceremony), which the provider
   * brings; written once per page however many providers share it.
   */
  script?: SafeHtml;
}

/** A rendered page: a complete HTML document and the HTTP status to send it with. */
export interface RenderedPage {
  html: string;
  status: number;
}
