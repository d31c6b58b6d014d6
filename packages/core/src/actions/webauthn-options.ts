/** GET webauthn-options/{provider}: registration or authentication options for a passkey. */
import type { Action } from "../context";
import { InvalidProvider } from "../errors";
import { flows } from "../flows";

export const webauthnOptions: Action = async (req, ctx) => {
  if (ctx.provider?.type !== "webauthn")
    throw new InvalidProvider("webauthn-options needs a WebAuthn provider id.");
  const options = flows.webauthn.options;
  if (!options) throw new InvalidProvider("WebAuthn is not available in this build.");
  return options(req, ctx);
};
