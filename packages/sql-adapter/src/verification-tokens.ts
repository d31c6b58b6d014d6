import type { Adapter } from "@portcullis/core/adapters";
import type { SqlContext } from "./context";
import { toVerificationToken } from "./rows";

type VerificationTokenMethods = Required<Pick<Adapter, "createVerificationToken" | "useVerificationToken">>;

/** The verification-token methods of the SQL adapter. */
export function verificationTokenMethods({
  db,
  dialect,
  tables,
  columns,
}: SqlContext): VerificationTokenMethods {
  /**
   * Deletes the tokens whose `expires` has passed, in one statement. Tokens nobody uses (a passkey
   * challenge per anonymous options request, an unclicked magic link) are never deleted otherwise,
   * so each new token sweeps them and the table holds at most what was created within one token
   * lifetime. Best effort: the sweep is housekeeping, and a failure (say, a lock wait on MySQL)
   * must not lose the token being created; the next call sweeps again.
   */
  async function deleteExpired(now: Date, expiresType: string | undefined): Promise<void> {
    try {
      await db
        .deleteFrom(tables.verificationToken)
        .where(dialect.dateBefore("expires", now, expiresType))
        .execute();
    } catch {
      // Left for the next call.
    }
  }

  return {
    async createVerificationToken({ identifier, token, expires }) {
      const expiresType = (await columns()).verificationToken?.types.get("expires");
      const now = new Date();
      // Expiry is judged by this process's clock. A token that arrives expired by it comes from a
      // caller with another clock (a test's fixed `now`), whose live tokens may all look expired
      // here: then nothing is swept.
      if (expires.getTime() > now.getTime()) await deleteExpired(now, expiresType);
      const row = { identifier, token, expires: dialect.date(expires, expiresType) };
      await db.insertInto(tables.verificationToken).values(row).execute();
      return toVerificationToken(row);
    },
    async useVerificationToken({ identifier, token }) {
      // Atomic delete-and-return: a magic link clicked twice at once signs in only once.
      const row = await dialect.take(db, tables.verificationToken, { identifier, token });
      return row ? toVerificationToken(row) : null;
    },
  };
}
