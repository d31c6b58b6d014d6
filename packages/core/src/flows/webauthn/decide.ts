/** Which WebAuthn ceremony an options request gets, by the rules Auth.js uses. */
import type { UserInfo } from "./user-info";

/** A WebAuthn ceremony. */
export type WebAuthnAction = "register" | "authenticate";

/**
 * Decides the ceremony of an options request, or null when it cannot be decided:
 * - `authenticate` is always granted;
 * - `register` needs a user, and either a signed-in user (adding a passkey to their account) or,
 *   signed out, a user who does not exist yet (a new account). Registering a passkey for someone
 *   else's existing address while signed out would let anyone attach a key to that account;
 * - no action, signed out: `register` for an unknown user, else `authenticate` (with the named
 *   user's passkeys, or any discoverable one); signed in, a request must say what it wants.
 *
 * @param requested - The `action` query parameter (already checked to be one of the two or absent).
 * @param signedIn - Whether the request has a valid session.
 * @param info - The session user (exists) or the user the request describes, or null.
 * @returns The ceremony, or null.
 * @example
 * ```ts
 * decideAction(undefined, false, { user: { email: "new@example.com" }, exists: false }) // "register"
 * ```
 */
export function decideAction(
  requested: WebAuthnAction | undefined,
  signedIn: boolean,
  info: UserInfo | null,
): WebAuthnAction | null {
  if (requested === "authenticate") return "authenticate";
  if (requested === "register") return info && signedIn === info.exists ? "register" : null;
  if (signedIn) return null;
  return info && !info.exists ? "register" : "authenticate";
}
