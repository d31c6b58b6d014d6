import { type Adapter, COUNTER_NOT_WRITTEN } from "@portcullis/core/adapters";
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
      // a read-then-write could not promise. A NULL counter (read as 0) is replaced.
      const update = db
        .updateTable(tables.authenticator)
        .set({ counter: newCounter })
        .where("credentialID", "=", credentialID)
        .where((eb) => eb.or([eb("counter", "<", newCounter), eb("counter", "is", null)]));
      // Run as compiled, not through execute(): its result counts a count the driver did not
      // report as 0 rows, where we must tell "not reported" from "none".
      const { numAffectedRows } = await db.executeQuery(update.compile());
      const updated = await byId(credentialID);
      if (!updated)
        throw new AdapterError("updateAuthenticatorCounter: no authenticator has this credential id.");
      // The row is answered as stored. When the UPDATE matched no row, the counter was not
      // greater than the stored one: the answer is marked so, and the core refuses that sign-in
      // even when the stored counter equals its own (a clone at the passkey's state whose twin
      // wrote first); it lets an unwritten 0 through (synced passkeys stay at 0). The count is
      // the row's own, taken by the UPDATE (on MySQL the rows changed or matched: the same rows
      // here, as a matched row always changes). A driver that reports no count leaves the row
      // unmarked, judged by its counter as before.
      if (numAffectedRows === BigInt(0)) return Object.assign(updated, { [COUNTER_NOT_WRITTEN]: true });
      return updated;
    },
  };
}
