/**
 * The browser's credential response as the callback receives it (`data`, a JSON string), and
 * the encodings authenticator rows use: base64url credential ids, base64 public keys and
 * comma-joined transports.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { base64urlDecode, base64urlEncode } from "../../crypto/primitives";
import { WebAuthnVerificationError } from "../../errors";

/** Credential ids are at most 1023 bytes (WebAuthn Level 3), 1364 base64url characters. */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1364}$/;

/**
 * Parses the callback's `data` field into a credential response, checking only the outline the
 * flow relies on before it touches the database: the response library verifies the rest.
 *
 * @param data - The `data` body field.
 * @returns The response, with a base64url `id`.
 * @throws {WebAuthnVerificationError} When `data` is missing, not JSON, or not a public-key
 * credential with a base64url id.
 * @see https://www.w3.org/TR/webauthn-3/#dictdef-registrationresponsejson
 * @example
 * ```ts
 * const response = parseCredential<AuthenticationResponseJSON>(req.body?.data)
 * ```
 */
export function parseCredential<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  data: unknown,
): T {
  if (typeof data !== "string") throw new WebAuthnVerificationError("The callback came without `data`.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (cause) {
    throw new WebAuthnVerificationError("The callback's `data` is not JSON.", { cause });
  }
  const outline = parsed as Partial<Record<"id" | "type" | "response", unknown>> | null;
  if (
    typeof outline !== "object" ||
    outline === null ||
    typeof outline.id !== "string" ||
    !CREDENTIAL_ID.test(outline.id) ||
    outline.type !== "public-key" ||
    typeof outline.response !== "object" ||
    outline.response === null
  ) {
    throw new WebAuthnVerificationError("The callback's `data` is not a WebAuthn credential response.");
  }
  return parsed as T;
}

/**
 * Standard base64 (with padding) of some bytes, as Auth.js stores public keys.
 *
 * @param bytes - The bytes.
 * @returns The base64 text.
 * @example
 * ```ts
 * toBase64(new Uint8Array([251, 255])) // "+/8="
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  const url = base64urlEncode(bytes).replace(/-/g, "+").replace(/_/g, "/");
  return url.padEnd(Math.ceil(url.length / 4) * 4, "=");
}

/**
 * Decodes base64 or base64url text, padded or not: stored keys may come in either form.
 *
 * @param text - The encoded bytes.
 * @returns The bytes.
 * @throws {TypeError} When the text is not base64.
 * @example
 * ```ts
 * fromBase64("+/8=") // Uint8Array [251, 255]
 * ```
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(base64urlDecode(text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")));
}

/**
 * The standard base64 form of a base64url credential id: Auth.js keyed its authenticator rows
 * this way, so a passkey registered there is looked up under this form too.
 *
 * @param credentialId - A base64url credential id.
 * @returns The same bytes in base64.
 * @example
 * ```ts
 * legacyCredentialId("-_8") // "+/8="
 * ```
 */
export function legacyCredentialId(credentialId: string): string {
  return toBase64(fromBase64(credentialId));
}

/**
 * Joins transport hints for storage (`"internal,hybrid"`), or null when there are none. The hints
 * come from the browser's JSON as they are (the response library passes them through unchecked),
 * so anything but an array of strings (`"usb"`, a number, an object) is dropped like a missing
 * list: they are only hints, and client input must not fail the registration with a server error.
 *
 * @param transports - The hints the browser reported, unchecked.
 * @returns The joined hints, or null.
 * @example
 * ```ts
 * joinTransports(["internal", "hybrid"]) // "internal,hybrid"
 * joinTransports("usb") // null
 * ```
 */
export function joinTransports(transports: unknown): string | null {
  if (!Array.isArray(transports) || transports.length === 0) return null;
  return transports.every((hint) => typeof hint === "string") ? transports.join(",") : null;
}

/**
 * Splits stored transport hints back into a list, or undefined when there are none.
 *
 * @param transports - The stored hints.
 * @returns The hints.
 * @example
 * ```ts
 * splitTransports("internal,hybrid") // ["internal", "hybrid"]
 * ```
 */
export function splitTransports(transports: string | null | undefined): string[] | undefined {
  return transports ? transports.split(",") : undefined;
}
