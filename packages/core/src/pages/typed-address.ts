/**
 * The address a visitor typed, when it may be handed back to the sign-in page after a failed
 * attempt (a wrong password, a passkey that did not verify, too many tries), so they do not have
 * to type it again.
 *
 * @module
 */
import { normalizeEmailAddress } from "../flows/email/normalize";

/**
 * Returns the typed address as typed (trimmed), when it is a plausible address: a string that the
 * email sign-in's normalisation accepts (one `@`, no spaces, quotes, angle brackets, control or
 * bidi characters, at most 320 characters). Anything else is dropped rather than echoed: the
 * value goes into a sign-in URL and back into a form, and only something that looks like an
 * address has any business there.
 *
 * @param value - the `email` field of a posted form, or the `email` query parameter.
 * @returns the address, or `undefined`.
 * @example
 * ```ts
 * plausibleAddress(" Ada@Example.com ") // "Ada@Example.com"
 * plausibleAddress("<script>@x") // undefined
 * ```
 */
export function plausibleAddress(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    normalizeEmailAddress(value);
  } catch {
    return undefined;
  }
  return value.trim();
}
