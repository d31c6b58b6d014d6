/**
 * What a session remembers of the identity provider it was signed in with: the provider's id, the
 * provider's own session id (the ID token's `sid`) and, for providers with `logout.federated`,
 * the ID token itself. Federated sign-out needs the provider and the token (as `id_token_hint`);
 * back-channel logout needs the provider session id to end exactly the sessions it started.
 */
import { decodeJwt } from "jose";
import type { InternalConfig } from "../config/normalize";
import type { OAuth2Config } from "../types";
import type { SignedIn } from "./strategy";

/**
 * The JWT claims that hold it in a JWT session: the provider's id and, for providers with
 * `logout.federated`, the ID token. Reserved: an app's `jwt` callback should keep them (returning
 * the token it was given, extended, does); without them a federated sign-out stays local. The
 * provider's session id is kept in the session store only: back-channel logout needs a store anyway.
 */
export const IDP_CLAIMS = { provider: "idp", idToken: "idp_id_token" } as const;

/** A session's link to its identity provider. */
export interface IdpSession {
  /** The provider's id in the configuration. */
  provider: string;
  /** The provider's session id, when its ID token named one. */
  idpSessionId?: string;
  /** The sign-in's ID token, kept only for providers with `logout.federated`. */
  idToken?: string;
}

/**
 * The `sid` claim of an ID token the callback has already verified, or undefined.
 *
 * @param idToken The compact JWT.
 * @returns The claim when it is a non-empty string.
 */
function sidOf(idToken: string): string | undefined {
  try {
    const { sid } = decodeJwt(idToken);
    return typeof sid === "string" && sid !== "" ? sid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a new session should remember of an OAuth/OIDC sign-in; undefined for other sign-ins.
 *
 * @param signedIn The sign-in, with the ID token of the callback when there was one.
 * @param config The normalised configuration (for the provider's `logout` options).
 * @returns The link, or undefined.
 * @example
 * ```ts
 * const idp = idpSessionOf({ user, account, idToken }, ctx.config)
 * ```
 */
export function idpSessionOf(signedIn: SignedIn, config: InternalConfig): IdpSession | undefined {
  const { account, idToken } = signedIn;
  if (!account || (account.type !== "oauth" && account.type !== "oidc")) return undefined;
  const provider = config.providerById.get(account.provider) as OAuth2Config | undefined;
  const session: IdpSession = { provider: account.provider };
  const sid = idToken === undefined ? undefined : sidOf(idToken);
  if (sid !== undefined) session.idpSessionId = sid;
  if (idToken !== undefined && provider?.logout?.federated === true) session.idToken = idToken;
  return session;
}
