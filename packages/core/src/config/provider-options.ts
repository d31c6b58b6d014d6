/**
 * A provider's `options`: Auth.js's way for a provider function to take the app's overrides. A
 * provider written as Auth.js documents custom ones returns its defaults with the app's options
 * under `options` (`return { id: "corp", type: "oidc", issuer, options }`), and the options are
 * laid over the defaults when the configuration is read. Portcullis's own factories merge their
 * options themselves and set none.
 *
 * @module
 */
import { InvalidConfiguration } from "../errors";
import type { ProviderConfig } from "../types";

function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Deeper than any provider's options go; a deeper (or cyclic) value is refused by name. */
const MAX_DEPTH = 16;

/** Keys no merge sets: the prototype's. */
const PROTOTYPE_KEYS = new Set<PropertyKey>(["__proto__", "constructor"]);

/**
 * Keys the options never set: the prototype's, and what only a provider's factory decides (its
 * type and the sign-in method it carries), so that options cannot swap the method a provider runs.
 */
const FIXED_KEYS = new Set<PropertyKey>([...PROTOTYPE_KEYS, "type", "carriedFlow"]);

/**
 * Lays `over` onto a copy of `base` as Auth.js's merge does: plain objects in both are merged key
 * by key, arrays in both index by index (so `checks: []` leaves a provider's checks as they were),
 * anything else in `over` replaces, and `undefined` in `over` leaves the base's value. Symbol
 * keys (a provider's custom fetch) count like the others.
 */
function merged(
  base: Record<PropertyKey, unknown>,
  over: Record<PropertyKey, unknown>,
  skipped: ReadonlySet<PropertyKey>,
  depth: number,
): Record<PropertyKey, unknown> {
  const result: Record<PropertyKey, unknown> = { ...base };
  for (const key of Reflect.ownKeys(over)) {
    const value = over[key];
    if (!skipped.has(key) && value !== undefined) result[key] = mergedValue(result[key], value, depth + 1);
  }
  return result;
}

/** One value of `over` laid onto the base's `current`, `depth` levels below the provider. */
function mergedValue(current: unknown, value: unknown, depth: number): unknown {
  const objects = isPlainObject(current) && isPlainObject(value);
  const arrays = Array.isArray(current) && Array.isArray(value);
  if (!objects && !arrays) return value;
  if (depth > MAX_DEPTH) throw new RangeError(`options nest deeper than ${MAX_DEPTH} levels`);
  if (objects) return merged(current, value, PROTOTYPE_KEYS, depth);
  const result: unknown[] = [...(current as unknown[])];
  (value as unknown[]).forEach((item, index) => {
    if (item !== undefined) result[index] = mergedValue(result[index], item, depth + 1);
  });
  return result;
}

/**
 * The provider with its own `options` laid over it, as Auth.js reads a provider; the provider
 * itself when it has none.
 *
 * @param provider - A provider configuration, perhaps with `options`.
 * @returns The configuration the options make, without `options`.
 * @throws {InvalidConfiguration} When the options nest deeper than any provider's do (or are cyclic).
 * @example
 * ```ts
 * withProviderOptions({ id: "corp", name: "Corp", type: "oidc", options: { clientId: "app" } }).clientId // "app"
 * ```
 */
export function withProviderOptions(provider: ProviderConfig): ProviderConfig {
  // Own options only: one inherited from a polluted Object.prototype must not reach every provider.
  if (!Object.hasOwn(provider, "options")) return provider;
  // Read as a plain record: the options may set any field, and the check that follows reads the result.
  const { options, ...defaults } = provider as unknown as Record<PropertyKey, unknown>;
  if (!isPlainObject(options)) return provider;
  try {
    return merged(defaults, options, FIXED_KEYS, 0) as unknown as ProviderConfig;
  } catch (error) {
    throw new InvalidConfiguration(
      `The options of the provider "${String(provider.id)}" could not be read.`,
      {
        cause: error,
      },
    );
  }
}
