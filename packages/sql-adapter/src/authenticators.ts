import type { Adapter } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import type { SqlContext } from "./context";
import { authenticatorRow, toAuthenticator } from "./rows";

type AuthenticatorMethods = Required<
  Pick<
    Adapter,
    "createAuthenticator" | "getAuthenticator" | "listAuthenticatorsByUserId" | "updateAuthenticatorCounter"
  >
>;

/** The WebAuthn authenticator methods of the SQL adapter. */
export function authenticatorMethods({ db, dialect, tables }: SqlContext): AuthenticatorMethods {
  const byId = async (credentialID: string) => {
    const row = await db
      .selectFrom(tables.authenticator)
      .selectAll()
      .where("credentialID", "=", credentialID)
      .executeTakeFirst();
    return row ? toAuthenticator(row) : null;
  };
  return {
    async createAuthenticator(authenticator) {
      const row = authenticatorRow(authenticator, dialect);
      await db.insertInto(tables.authenticator).values(row).execute();
      return toAuthenticator(row);
    },
    getAuthenticator: byId,
    async listAuthenticatorsByUserId(userId) {
      const rows = await db
        .selectFrom(tables.authenticator)
        .selectAll()
        .where("userId", "=", userId)
        .execute();
      return rows.map(toAuthenticator);
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      // Never backwards, in one conditional UPDATE: of two sign-ins with one passkey in flight at
      // once (the passkey and a clone), the lower counter must not replace the higher one, which
      // a read-then-write could not promise. The row is answered as stored, so the core sees when
      // its counter was not written and refuses that sign-in. An equal counter writes nothing and
      // answers it: synced passkeys report 0 every time. A NULL counter (read as 0) is replaced.
      await db
        .updateTable(tables.authenticator)
        .set({ counter: newCounter })
        .where("credentialID", "=", credentialID)
        .where((eb) => eb.or([eb("counter", "<", newCounter), eb("counter", "is", null)]))
        .execute();
      const updated = await byId(credentialID);
      if (!updated)
        throw new AdapterError("updateAuthenticatorCounter: no authenticator has this credential id.");
      return updated;
    },
  };
}
