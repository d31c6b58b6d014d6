/**
 * WebAuthn (passkey) sign-in: GET webauthn-options/{id} hands out the ceremony's options and a
 * sealed challenge; POST callback/{id} verifies the browser's answer and signs the user in.
 */
import { renderWebAuthnScript } from "../../pages/webauthn-script";
import type { Flow } from "../types";
import { webauthnCallback } from "./callback";
import { webauthnOptions } from "./options";

/**
 * The WebAuthn flow: sign-in POST goes back to the sign-in page, where the browser script (which
 * this flow brings to the page) runs the ceremony.
 */
export const webauthnFlow: Flow = {
  signIn: async (_req, ctx) => ({ redirect: `${ctx.actionUrl}/signin` }),
  callback: webauthnCallback,
  options: webauthnOptions,
  pageScript: renderWebAuthnScript,
};
