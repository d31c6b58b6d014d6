/**
 * `@simplewebauthn/server`, loaded on the first WebAuthn request rather than at start: it (with
 * its CBOR and ASN.1 parsers) adds about 26 MB to a Node process, which an app without passkeys
 * should not pay.
 */
type Library = typeof import("@simplewebauthn/server");

let library: Promise<Library> | undefined;

/** The library, imported once. */
export function simpleWebAuthn(): Promise<Library> {
  library ??= import("@simplewebauthn/server");
  return library;
}
