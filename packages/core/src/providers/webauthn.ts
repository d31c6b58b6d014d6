/**
 * The WebAuthn provider: sign-in with a passkey or security key, verified by
 * `@simplewebauthn/server`. Experimental, as in Auth.js: it needs
 * `experimental: { enableWebAuthn: true }` and an adapter with the authenticator methods.
 *
 * This module, not `Auth`, brings the server side of the ceremony (and so
 * `@simplewebauthn/server`): an app without a WebAuthn provider never bundles it.
 *
 * @module
 */
import { webauthnFlow } from "../flows/webauthn";
import type { WebAuthnConfig } from "../types";

/** How long the browser gives the person to answer the authenticator: 5 minutes, in milliseconds. */
export const DEFAULT_WEBAUTHN_TIMEOUT = 5 * 60 * 1000;

/**
 * What `WebAuthn()` accepts: every field optional (`type` is always `webauthn`). `Omit` is not
 * used because the config's index signature would make it drop every named field.
 */
export type WebAuthnUserConfig = Partial<WebAuthnConfig>;

/**
 * A WebAuthn provider (id `webauthn`). The built-in sign-in page shows an email field and a
 * button that runs the ceremony: an unknown email registers a new passkey (and user), a known
 * one or none signs in with an existing passkey. The relying party defaults to the app's URL.
 * Conditional UI is on by default, as in Auth.js: the page also offers the site's passkeys in
 * the email field's autofill. Only one provider may have it, so when two WebAuthn providers
 * are configured, pass `enableConditionalUI: false` to all but one.
 *
 * @param config - Overrides: `id`, `name`, `relayingParty`, `enableConditionalUI`, `formFields`
 * (while conditional UI is on, one must keep an `autocomplete` containing `webauthn`: the field
 * the browser attaches the offer to), `getUserInfo`, and the options passed to
 * `@simplewebauthn/server` (`registrationOptions`, `authenticationOptions`,
 * `verifyRegistrationOptions`, `verifyAuthenticationOptions`).
 * @returns The provider configuration.
 * @see https://www.w3.org/TR/webauthn-3/
 * @example
 * ```ts
 * import WebAuthn from "@portcullis/core/providers/webauthn"
 * const config = { providers: [WebAuthn({ relayingParty: { name: "Acme" } })], adapter, experimental: { enableWebAuthn: true } }
 * ```
 */
export default function WebAuthn(config: WebAuthnUserConfig = {}): WebAuthnConfig {
  return {
    id: "webauthn",
    name: "WebAuthn",
    enableConditionalUI: true,
    formFields: {
      email: { label: "Email", type: "email", required: true, autocomplete: "username webauthn" },
    },
    registrationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    ...config,
    type: "webauthn",
    // Last, so that overrides cannot drop it: Auth hands every webauthn request to it.
    carriedFlow: webauthnFlow,
  };
}
