/**
 * `@simplewebauthn/server`, loaded on the first WebAuthn request rather than at start: it (with
 * its CBOR and ASN.1 parsers) adds about 26 MB to a Node process, which an app without passkeys
 * should not pay.
 */
type Library = typeof import("@simplewebauthn/server");

/** Set by Vercel's Edge Runtime, and defined as a constant by Next.js when it builds for it. */
declare const EdgeRuntime: string | undefined;
/** Only read inside Next.js's Edge Runtime (see below), which has `process.env`. */
declare const process: { env: { NEXT_RUNTIME?: string } };

let library: Promise<Library> | undefined;

/**
 * The library, imported once. Not in Next.js's Edge Runtime: a middleware that imports the app's
 * `auth.ts` (as Auth.js's passkey setup has it) would otherwise make Next.js's webpack build follow
 * the import into the library, whose `reflect-metadata` holds a `Function("return this")` the Edge
 * Runtime refuses, and fail the build. Next.js defines both names below as constants when it builds
 * for the Edge Runtime, so the import is left out of that build only; a passkey ceremony there
 * is refused. Elsewhere `typeof EdgeRuntime` is "undefined" and `process` is never read.
 */
export function simpleWebAuthn(): Promise<Library> {
  library ??=
    typeof EdgeRuntime === "string" && process.env.NEXT_RUNTIME === "edge"
      ? Promise.reject(
          new Error(
            "Passkeys need the Node.js runtime: Next.js's Edge Runtime cannot run @simplewebauthn/server. Serve the auth routes with the Node.js runtime.",
          ),
        )
      : import("@simplewebauthn/server");
  return library;
}
