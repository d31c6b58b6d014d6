/**
 * Ids as they come from outside: identity providers and adapters. Auth.js's adapters over serial
 * columns (e.g. @auth/pg-adapter) answer numbers where the core holds strings, so ids are
 * compared by their text; anything but a non-empty string or a finite number is no id.
 */

/**
 * The text of an id: a non-empty string as it is, a finite number in decimal.
 *
 * @param value - What a profile or an adapter gave as an id.
 * @returns The id as a string, or undefined when it is no id (an object, "", NaN...).
 * @example
 * ```ts
 * idText(42) // "42"
 * idText({ id: 1 }) // undefined
 * ```
 */
export function idText(value: unknown): string | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
}

/**
 * Whether two ids name the same row: both are ids and their texts are equal.
 *
 * @param a - One id, e.g. the user id the core asked for.
 * @param b - The other, e.g. the id the adapter answered.
 * @returns False when either is no id.
 * @example
 * ```ts
 * sameId("7", 7) // true
 * sameId(undefined, undefined) // false
 * ```
 */
export function sameId(a: unknown, b: unknown): boolean {
  const text = idText(a);
  return text !== undefined && text === idText(b);
}
