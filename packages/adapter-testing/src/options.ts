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
 * Options of {@link runAdapterTests}. There is deliberately no way to skip a case: every
 * Portcullis adapter implements every method of {@link Adapter}.
 */
export interface AdapterTestOptions {
  /** The adapter under test. */
  adapter: Adapter;
  /** Name of the `describe` block; default `adapter`. */
  name?: string;
  /** Direct reads of the data layer and connection hooks. */
  db?: DatabaseReaders;
  /** Not supported: every case runs for every adapter. */
  skipTests?: never;
}
