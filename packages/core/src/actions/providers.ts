/** GET providers: the client-safe list of providers, keyed by id. */
import type { InternalConfig } from "../config/normalize";
import type { Action } from "../context";
import type { PublicProvider } from "../types";

// The list depends only on the configuration and the action URL: serialise it once per pair.
const cache = new WeakMap<InternalConfig, Map<string, string>>();

/** The public view of the configured providers under an action URL. */
export function publicProviders(config: InternalConfig, actionUrl: string): Record<string, PublicProvider> {
  return Object.fromEntries(
    config.providers.map(({ id, name, type }) => [
      id,
      { id, name, type, signinUrl: `${actionUrl}/signin/${id}`, callbackUrl: `${actionUrl}/callback/${id}` },
    ]),
  );
}

export const providers: Action = async (_req, ctx) => {
  let byUrl = cache.get(ctx.config);
  if (!byUrl) {
    byUrl = new Map();
    cache.set(ctx.config, byUrl);
  }
  let body = byUrl.get(ctx.actionUrl);
  if (body === undefined) {
    body = JSON.stringify(publicProviders(ctx.config, ctx.actionUrl));
    if (byUrl.size < 16) byUrl.set(ctx.actionUrl, body);
  }
  return { body, headers: { "Content-Type": "application/json" } };
};
