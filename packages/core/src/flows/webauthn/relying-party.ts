/** The relying party of a WebAuthn ceremony: who the passkey is for, and where it may be used. */
import type { ActionContext } from "../../context";
import type { WebAuthnConfig } from "../../types";

/** The relying party's id (a domain), display name and origin. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/**
 * The provider's `relayingParty`, with each missing part taken from the app's public URL: the
 * host name as id, the host as name and the origin as origin. The id and origin are what the
 * browser signs over, so a passkey made here is refused on any other site.
 *
 * @param provider - The WebAuthn provider.
 * @param ctx - The action context (its origin is the app's public origin).
 * @returns The relying party.
 * @see https://www.w3.org/TR/webauthn-3/#relying-party-identifier
 * @example
 * ```ts
 * const { id, origin } = relyingParty(provider, ctx) // "example.com", "https://example.com"
 * ```
 */
export function relyingParty(provider: WebAuthnConfig, ctx: ActionContext): RelyingParty {
  const url = new URL(ctx.origin);
  const configured = provider.relayingParty ?? {};
  return {
    id: configured.id ?? url.hostname,
    name: configured.name ?? url.host,
    origin: configured.origin ?? url.origin,
  };
}
