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
      await db
        .updateTable(tables.authenticator)
        .set({ counter: newCounter })
        .where("credentialID", "=", credentialID)
        .execute();
      const updated = await byId(credentialID);
      if (!updated)
        throw new AdapterError("updateAuthenticatorCounter: no authenticator has this credential id.");
      return updated;
    },
  };
}
