/**
 * The `webauthn` provider type's flow as `Auth` sees it: a hand-off to the ceremony the provider
 * itself carries (`WebAuthnConfig.ceremony`, set by `WebAuthn()` and `Passkey()`).
 *
 * Why not import the WebAuthn flow here like the other flows: it brings `@simplewebauthn/server`
 * and its certificate parsers (about 300 KB minified), and a bundler cannot tell that an app
 * never configures a passkey. Reached only through the provider module, it lands in the bundles
 * of the apps that import one, and nowhere else.
 */
import type { WebAuthnConfig } from "../types";
import type { Flow } from "./types";

/**
 * Whether a WebAuthn provider carries its ceremony, i.e. was made by `WebAuthn()` or `Passkey()`.
 *
 * @param provider - A provider configuration of type `webauthn`.
 * @returns True when `provider.ceremony` has the flow's handlers.
 * @example
 * ```ts
 * if (!carriesCeremony(provider)) throw new Error("build it with Passkey()");
 * ```
 */
export function carriesCeremony(provider: WebAuthnConfig): boolean {
  const ceremony = provider.ceremony as Partial<Flow> | undefined;
  return typeof ceremony?.callback === "function" && typeof ceremony.options === "function";
}

/** The ceremony of the request's provider; the configuration check made sure it is there. */
function ceremonyOf(provider: unknown): Required<Flow> {
  return (provider as WebAuthnConfig).ceremony as Required<Flow>;
}

/**
 * The flow `Auth` dispatches `webauthn` providers to: each handler forwards to the provider's
 * own ceremony.
 *
 * @example
 * ```ts
 * const result = await webauthnHandOff.callback(req, ctx);
 * ```
 */
export const webauthnHandOff: Required<Flow> = {
  signIn: (req, ctx) => ceremonyOf(ctx.provider).signIn(req, ctx),
  callback: (req, ctx) => ceremonyOf(ctx.provider).callback(req, ctx),
  options: (req, ctx) => ceremonyOf(ctx.provider).options(req, ctx),
};
