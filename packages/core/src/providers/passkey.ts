/**
 * The Passkey provider: WebAuthn set up for passkeys, which are discoverable (resident)
 * credentials that always verify the person (biometrics or a PIN).
 *
 * @module
 */
import type { WebAuthnConfig } from "../types";
import WebAuthn, { DEFAULT_WEBAUTHN_TIMEOUT, type WebAuthnUserConfig } from "./webauthn";

/**
 * A WebAuthn provider with id `passkey` and name `Passkey` that asks for a resident key and
 * requires user verification both when the passkey is made and each time it is used: a
 * passkey is the only factor of the sign-in, so presence alone (a tap) must not suffice. Like
 * {@link WebAuthn}, it offers the site's passkeys in the email field's autofill by default.
 *
 * @param config - Overrides, as for {@link WebAuthn}.
 * @returns The provider configuration.
 * @see https://www.w3.org/TR/webauthn-3/#discoverable-credential
 * @example
 * ```ts
 * import Passkey from "@portcullis/core/providers/passkey"
 * const config = { providers: [Passkey], adapter, experimental: { enableWebAuthn: true } }
 * ```
 */
export default function Passkey(config: WebAuthnUserConfig = {}): WebAuthnConfig {
  return WebAuthn({
    id: "passkey",
    name: "Passkey",
    registrationOptions: {
      timeout: DEFAULT_WEBAUTHN_TIMEOUT,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    },
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT, userVerification: "required" },
    verifyRegistrationOptions: { requireUserVerification: true },
    verifyAuthenticationOptions: { requireUserVerification: true },
    ...config,
  });
}
