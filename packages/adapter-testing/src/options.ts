import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@portcullis/core/adapters";

/**
 * Direct reads of the data layer, bypassing the adapter, so the suite can check what was really
 * stored or removed. Each reader is optional; without one the suite reads through the adapter.
 */
export interface DatabaseReaders {
  /** Opens the connection before the first test. */
  connect?(): Promise<void>;
  /** Closes the connection after the last test, also when a test failed. */
  disconnect?(): Promise<void>;
  user?(id: string): Promise<AdapterUser | null>;
  session?(sessionToken: string): Promise<AdapterSession | null>;
  account?(params: { provider: string; providerAccountId: string }): Promise<AdapterAccount | null>;
  /** Reads a token without consuming it; without it the suite can only observe tokens by using them. */
  verificationToken?(params: { identifier: string; token: string }): Promise<VerificationToken | null>;
  authenticator?(credentialID: string): Promise<AdapterAuthenticator | null>;
}

/**
 * Options of {@link runAdapterTests}. There is deliberately no way to skip a case of the methods
 * every flow needs. The session-control methods (`listSessionsByUser`, `deleteSessionsByUser`,
 * `deleteSessionsByIdpSession`) are optional in {@link Adapter}: their cases run when the adapter
 * has them and are reported as skipped, with the reason in their name, when it does not.
 */
export interface AdapterTestOptions {
  /** The adapter under test. */
  adapter: Adapter;
  /** Name of the `describe` block; default `adapter`. */
  name?: string;
  /** Direct reads of the data layer and connection hooks. */
  db?: DatabaseReaders;
  /**
   * Whether the adapter stores the session details the core passes (`createdAt`, `lastSeenAt`,
   * `userAgent`, and for OpenID Connect logout `provider`, `idpSessionId`, `idToken`) and answers them from `createSession`, `getSessionAndUser`, `updateSession` and
   * `listSessionsByUser`. With `true` the suite requires the exact values back. With `false`
   * (the default, for data layers without room for them) it requires only that sessions carrying
   * them are accepted, and that each detail comes back either as given or as null/undefined.
   */
  sessionDetails?: boolean;
  /** Not supported: every case of a method the adapter has runs. */
  skipTests?: never;
}
