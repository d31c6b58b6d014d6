/**
 * A provider's `options`: Auth.js's way for a provider function to take the app's overrides. A
 * provider written as Auth.js documents custom ones returns its defaults with the app's options
 * under `options` (`return { id: "corp", type: "oidc", issuer, options }`), and the options are
 * laid over the defaults when the configuration is read. Portcullis's own factories merge their
 * options themselves and set none.
 *
 * @module
 */
import type { ProviderConfig } from "../types";

function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Lays `over` onto a copy of `base`: plain objects in both are merged key by key, anything else
 * in `over` replaces, and `undefined` in `over` leaves the base's value. Symbol keys (a provider's
 * custom fetch) count like the others; `__proto__` and `constructor` keys are skipped.
 */
function merged(
  base: Record<PropertyKey, unknown>,
  over: Record<PropertyKey, unknown>,
): Record<PropertyKey, unknown> {
  const result: Record<PropertyKey, unknown> = { ...base };
  for (const key of Reflect.ownKeys(over)) {
    if (key === "__proto__" || key === "constructor") continue;
    const value = over[key];
    if (value === undefined) continue;
    const current = result[key];
    result[key] = isPlainObject(current) && isPlainObject(value) ? merged(current, value) : value;
  }
  return result;
}

/**
 * The provider with its `options` laid over it, as Auth.js reads a provider; the provider itself
 * when it has none.
 *
 * @param provider - A provider configuration, perhaps with `options`.
 * @returns The configuration the options make, without `options`.
 * @example
 * ```ts
 * withProviderOptions({ id: "corp", name: "Corp", type: "oidc", options: { clientId: "app" } }).clientId // "app"
 * ```
 */
export function withProviderOptions(provider: ProviderConfig): ProviderConfig {
  // Read as a plain record: the options may set any field, and the check that follows reads the result.
  const { options, ...defaults } = provider as unknown as Record<PropertyKey, unknown>;
  if (!isPlainObject(options)) return provider;
  return merged(defaults, options) as unknown as ProviderConfig;
}
