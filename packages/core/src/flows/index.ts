/** The sign-in methods by provider type. */
import { InvalidProvider } from "../errors";
import type { ProviderConfig, ProviderType } from "../types";
import { carriedFlow } from "./carried";
import { credentialsFlow } from "./credentials";
import type { Flow } from "./types";

/**
 * The flows `Auth` holds, by provider type: credentials only. Every other method comes with the
 * providers that use it (see carried.ts), so that an app bundles only the methods it configures.
 */
const builtIn: Partial<Record<ProviderType, Flow>> = { credentials: credentialsFlow };

/**
 * The flow that runs a provider's sign-in: the one it carries, else the built-in one for its
 * type. The configuration check has made sure every other provider carries one.
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
