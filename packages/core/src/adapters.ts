/**
 * The adapter contract: how Portcullis reads and writes users, accounts, sessions, verification
 * tokens and authenticators in any data layer. Every method is optional; configuration
 * validation names the methods that the configured providers and session strategy need.
 *
 * Rows use camelCase names and OAuth values keep their snake_case names, so a database made for
 * Auth.js's adapters works unchanged.
 *
 * @module
 */
import type { Account, Awaitable, ProviderType, User } from "./types";

/** A user as stored by an adapter. */
export interface AdapterUser extends User {
  /** Unique identifier. */
  id: string;
  email: string;
  /** Null until the first successful email sign-in; then the date of that sign-in. */
  emailVerified: Date | null;
}

/** The types an adapter account can have. */
export type AdapterAccountType = Extract<ProviderType, "oauth" | "oidc" | "email" | "webauthn">;

/** An account as stored by an adapter: the link between a user and a provider. */
export interface AdapterAccount extends Account {
  userId: string;
  type: AdapterAccountType;
}

/** A database session. */
export interface AdapterSession {
  /** Random value kept in the session cookie and used for lookup. */
  sessionToken: string;
  userId: string;
  /** Absolute expiry. */
  expires: Date;
  /**
   * Portcullis extension, optional: when the session began. The core sets it on `createSession`;
   * an adapter stores and answers it where its schema has room (else the session lists show no
   * start time, and `session.absoluteMaxAge` cannot be enforced for that session).
   */
  createdAt?: Date | null;
  /**
   * Portcullis extension, optional: when the session was last used, written by the core at most
   * once per `session.updateAge` (with the extension of `expires`), never on every read.
   */
  lastSeenAt?: Date | null;
  /** Portcullis extension, optional: the User-Agent of the sign-in, at most 256 characters. */
  userAgent?: string | null;
  /** Portcullis extension, optional: the id of the provider the session was signed in with. */
  provider?: string | null;
  /**
   * Portcullis extension, optional: the identity provider's session id (the ID token's `sid`), so
   * a back-channel logout of that provider session ends exactly the sessions it started.
   */
  idpSessionId?: string | null;
  /**
   * Portcullis extension, optional: the ID token of the sign-in, kept only for providers with
   * `logout.federated`, sent as `id_token_hint` when the session signs out at the provider.
   */
  idToken?: string | null;
}

/** A one-time email sign-in token; `token` is stored hashed with the secret. */
export interface VerificationToken {
  /** The user's email address. */
  identifier: string;
  expires: Date;
  token: string;
}

/** A WebAuthn authenticator (passkey). */
export interface AdapterAuthenticator {
  /** Base64url credential id. */
  credentialID: string;
  userId: string;
  providerAccountId: string;
  counter: number;
  credentialBackedUp: boolean;
  /** Base64 COSE public key. */
  credentialPublicKey: string;
  /** Comma-separated transport flags. */
  transports?: string | null;
  credentialDeviceType: string;
}

/**
 * Portcullis extension: the mark an adapter puts on the row `updateAuthenticatorCounter` answers
 * when its conditional write did not happen, that is when the counter it was given was not greater
 * than the stored one (the row then holds the stored counter). The core refuses the sign-in of a
 * non-zero counter so marked: another sign-in already stored that counter (a cloned authenticator
 * signing at the same state) or a higher one. A counter of 0 that stays 0 (synced passkeys) is
 * marked too and still signs in. Optional: a row without the mark is judged by its counter alone
 * (a counter other than the one written refuses), as for Auth.js's adapters.
 *
 * A registered symbol (`Symbol.for`), so an adapter bundling another copy of this module marks
 * rows the core reads; a symbol key stays out of `Object.keys` and JSON.
 *
 * @example
 * ```ts
 * const adapter: Adapter = {
 *   async updateAuthenticatorCounter(credentialID, newCounter) {
 *     const stored = rows.get(credentialID)!
 *     if (newCounter <= stored.counter) return Object.assign({ ...stored }, { [COUNTER_NOT_WRITTEN]: true })
 *     stored.counter = newCounter
 *     return { ...stored }
 *   },
 * }
 * ```
 */
export const COUNTER_NOT_WRITTEN: unique symbol = Symbol.for("@portcullis/core.counterNotWritten");

/**
 * The adapter interface. All methods are optional; a flow that needs a missing one fails with
 * {@link MissingAdapterMethods} naming it, at first use of the configuration.
 */
export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>;
  getUser?(id: string): Awaitable<AdapterUser | null>;
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>;
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  /** Removes the user with their sessions, accounts and authenticators. */
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>;
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>;
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>;
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>;
  /**
   * Portcullis extension: creates the user and links the account in one transaction, so a first
   * sign-in never leaves a user without its account; the account's `userId` is set to the created
   * user's id. Optional; without it, `createUser` then `linkAccount` are called, and the user is
   * deleted again if linking fails.
   */
  createUserWithAccount?(user: AdapterUser, account: AdapterAccount): Awaitable<AdapterUser>;
  createSession?(session: AdapterSession): Awaitable<AdapterSession>;
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>;
  /** Returns the deleted session where the data layer can (preferred). */
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>;
  /**
   * Portcullis extension, optional: every session row of a user, expired ones included (the core
   * filters by `expires`), with `createdAt`, `lastSeenAt` and `userAgent` where stored. Needed for
   * listing and revoking sessions (`GET {basePath}/sessions` and the revoke actions).
   */
  listSessionsByUser?(userId: string): Awaitable<AdapterSession[]>;
  /**
   * Portcullis extension, optional: deletes every session row of a user but the one whose token
   * is `except` (when given), in one statement, and answers how many were deleted. Needed for
   * "sign out everywhere" and `revokeSessions(userId)`.
   */
  deleteSessionsByUser?(userId: string, options?: { except?: string }): Awaitable<number>;
  /**
   * Portcullis extension, optional: deletes every session row, of any user, whose `provider` and
   * `idpSessionId` are the ones given (the sessions started in that identity-provider session),
   * and answers the rows deleted (expired ones too, where still kept). Needed for back-channel
   * logout tokens that name only a `sid`; without it they answer 501.
   *
   * @example
   * ```ts
   * const ended = await adapter.deleteSessionsByIdpSession?.({ provider: "keycloak", idpSessionId: "b7f0c2e4" })
   * ```
   */
  deleteSessionsByIdpSession?(idp: { provider: string; idpSessionId: string }): Awaitable<AdapterSession[]>;
  createVerificationToken?(
    verificationToken: VerificationToken,
  ): Awaitable<VerificationToken | null | undefined>;
  /** Returns the token and deletes it, atomically: of two concurrent calls exactly one wins. */
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>;
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>;
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>;
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>;
  updateAuthenticatorCounter?(credentialID: string, newCounter: number): Awaitable<AdapterAuthenticator>;
  /**
   * Portcullis extension, optional: every account linked to a user (any provider). Needed by
   * `getAccessToken`, which finds the signed-in user's account of a provider with it.
   */
  listAccountsByUser?(userId: string): Awaitable<AdapterAccount[]>;
  /**
   * Portcullis extension, optional: changes the account keyed by `provider` and
   * `providerAccountId`, writing only the fields given (an absent field is left as stored; a
   * field given as `null` is cleared), and answers the account as stored afterwards, or null when
   * there is no such account. `getAccessToken` stores refreshed tokens with it (`access_token`,
   * `expires_at`, `refresh_token`, `token_type`, `scope`, `id_token`); without it tokens can be
   * read but not refreshed.
   */
  updateAccount?(account: AccountUpdate): Awaitable<AdapterAccount | null>;
}

/**
 * What `updateAccount` receives: the account's key (`provider`, `providerAccountId`) and the
 * token fields to write; a field given as null is cleared, an absent one left as stored.
 */
export type AccountUpdate = Pick<AdapterAccount, "provider" | "providerAccountId"> & {
  [K in
    | "access_token"
    | "refresh_token"
    | "expires_at"
    | "token_type"
    | "scope"
    | "id_token"
    | "session_state"]?: AdapterAccount[K] | null;
} & { [field: string]: unknown };

/**
 * The session methods of an adapter, session control included: what an adapter implements to
 * keep database sessions that can be listed and revoked.
 */
export type AdapterSessionMethods = Required<
  Pick<
    Adapter,
    | "createSession"
    | "getSessionAndUser"
    | "updateSession"
    | "deleteSession"
    | "listSessionsByUser"
    | "deleteSessionsByUser"
  >
>;

/** An adapter given as an object or as a function returning one. */
export type AdapterInput = Adapter | (() => Adapter);

/** True when a value looks like a Date (also across realms). */
export function isDate(value: unknown): value is Date {
  return (
    Object.prototype.toString.call(value) === "[object Date]" && !Number.isNaN((value as Date).getTime())
  );
}
