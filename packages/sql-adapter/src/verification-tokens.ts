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
  return {
    async createVerificationToken({ identifier, token, expires }) {
      const expiresType = (await columns()).verificationToken?.types.get("expires");
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
