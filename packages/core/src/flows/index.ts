/** The sign-in methods by provider type. */
import { InvalidProvider } from "../errors";
import type { ProviderConfig, ProviderType } from "../types";
import { carriedFlow } from "./carried";
import { credentialsFlow } from "./credentials";
import { emailFlow } from "./email";
import { oauthFlow } from "./oauth";
import type { Flow } from "./types";

/**
 * The flows `Auth` holds, by provider type. WebAuthn and OAuth 1.0a are not here: their
 * providers carry them (see carried.ts), so an app without them does not bundle them.
 */
const builtIn: Partial<Record<ProviderType, Flow>> = {
  credentials: credentialsFlow,
  oauth: oauthFlow,
  oidc: oauthFlow,
  email: emailFlow,
};

/**
 * The flow that runs a provider's sign-in: the one it carries, else the built-in one for its
 * type. The configuration check has made sure a WebAuthn or OAuth 1.0a provider carries one.
 *
 * @param provider - The request's provider.
 * @returns Its flow.
 * @throws {InvalidProvider} When there is none (a provider the check should have refused).
 * @example
 * ```ts
 * const result = await flowOf(ctx.provider).callback(req, ctx);
 * ```
 */
export function flowOf(provider: ProviderConfig): Flow {
  const flow = carriedFlow(provider) ?? builtIn[provider.type];
  if (!flow) throw new InvalidProvider(`The provider "${provider.id}" has no sign-in method.`);
  return flow;
}
