/** GET webauthn-options/{provider}: registration or authentication options for a passkey. */
import type { Action } from "../context";
import { InvalidProvider } from "../errors";
import { flowOf } from "../flows";

export const webauthnOptions: Action = async (req, ctx) => {
  if (ctx.provider?.type !== "webauthn")
    throw new InvalidProvider("webauthn-options needs a WebAuthn provider id.");
  // The provider brings the handler (see flows/carried.ts); a WebAuthn flow always has one.
  const { options } = flowOf(ctx.provider);
  if (!options)
    throw new InvalidProvider(`The WebAuthn provider "${ctx.provider.id}" has no options handler.`);
  return options(req, ctx);
};
