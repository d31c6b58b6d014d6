import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@portcullis/core/adapters";
import type { AdapterTestOptions } from "./options";

/**
 * The names of the adapter methods the suite requires. The session-control methods are left out:
 * they are optional, and their cases are skipped for an adapter without them.
 */
export const ADAPTER_METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "deleteUser",
  "linkAccount",
  "unlinkAccount",
  "getAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "createVerificationToken",
  "useVerificationToken",
  "createAuthenticator",
  "getAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
] as const satisfies readonly (keyof Adapter)[];

/** What every group of cases receives: the adapter and readers of what it stored. */
export interface SuiteContext {
  /** Typed with every method present; the optional session-control ones may still be missing. */
  adapter: Required<Adapter>;
  /** See `AdapterTestOptions.sessionDetails`. */
  sessionDetails: boolean;
  read: {
    user(id: string): Promise<AdapterUser | null>;
    session(sessionToken: string): Promise<AdapterSession | null>;
    account(params: { provider: string; providerAccountId: string }): Promise<AdapterAccount | null>;
    authenticator(credentialID: string): Promise<AdapterAuthenticator | null>;
    /** Undefined when the data layer cannot be read without consuming the token. */
    verificationToken?: (params: { identifier: string; token: string }) => Promise<VerificationToken | null>;
  };
}

/**
 * Builds the context from the options: the given database readers where there are some, reads
 * through the adapter otherwise. A missing adapter method surfaces as a failing case, never as
 * a skipped one.
 */
export function suiteContext(options: AdapterTestOptions): SuiteContext {
  const adapter = options.adapter as Required<Adapter>;
  const db = options.db ?? {};
  return {
    adapter,
    sessionDetails: options.sessionDetails ?? false,
    read: {
      user: db.user ?? (async (id) => adapter.getUser(id)),
      session:
        db.session ??
        (async (sessionToken) => (await adapter.getSessionAndUser(sessionToken))?.session ?? null),
      account: db.account ?? (async (p) => adapter.getAccount(p.providerAccountId, p.provider)),
      authenticator: db.authenticator ?? (async (credentialID) => adapter.getAuthenticator(credentialID)),
      verificationToken: db.verificationToken,
    },
  };
}
