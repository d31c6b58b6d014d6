import type { DatabaseReaders } from "@portcullis/adapter-testing";
import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@portcullis/core/adapters";
import { DEFAULT_TABLES, type TableNames } from "@portcullis/sql-adapter";
import type { AnyKysely } from "./databases";

type Row = Record<string, unknown>;

/** Stored dates are Date objects (PostgreSQL, MySQL) or ISO text (SQLite). */
const date = (value: unknown) => (value === null ? null : new Date(value as string | Date));

/**
 * Reads rows straight from the tables, independently of the adapter's own queries, so the
 * conformance suite sees what is really stored (e.g. a session row left behind by deleteUser
 * would be hidden by getSessionAndUser's join with the user table).
 */
export function directReaders(db: AnyKysely, tables: TableNames = DEFAULT_TABLES): DatabaseReaders {
  const one = (table: string, match: Row) => {
    let query = db.selectFrom(table).selectAll();
    for (const [column, value] of Object.entries(match)) query = query.where(column, "=", value);
    return query.executeTakeFirst() as Promise<Row | undefined>;
  };
  return {
    async user(id) {
      const row = await one(tables.user, { id });
      return row ? ({ ...row, emailVerified: date(row.emailVerified) } as AdapterUser) : null;
    },
    async session(sessionToken) {
      const row = await one(tables.session, { sessionToken });
      if (!row) return null;
      const session = { sessionToken: row.sessionToken, userId: row.userId, expires: date(row.expires) };
      // The details, where the table has them and the row holds them.
      const details = {
        createdAt: row.createdAt == null ? undefined : date(row.createdAt),
        lastSeenAt: row.lastSeenAt == null ? undefined : date(row.lastSeenAt),
        userAgent: row.userAgent ?? undefined,
        provider: row.provider ?? undefined,
        idpSessionId: row.idpSessionId ?? undefined,
        idToken: row.idToken ?? undefined,
      };
      const present = Object.entries(details).filter(([, value]) => value !== undefined);
      return { ...session, ...Object.fromEntries(present) } as AdapterSession;
    },
    async account({ provider, providerAccountId }) {
      const row = await one(tables.account, { provider, providerAccountId });
      if (!row) return null;
      const { id: _rowId, ...columns } = row;
      const present = Object.entries(columns).filter(([, value]) => value !== null);
      const account = Object.fromEntries(present);
      if (account.expires_at !== undefined) account.expires_at = Number(account.expires_at);
      return account as AdapterAccount;
    },
    async verificationToken({ identifier, token }) {
      const row = await one(tables.verificationToken, { identifier, token });
      return row ? ({ identifier, token, expires: date(row.expires) } as VerificationToken) : null;
    },
    async authenticator(credentialID) {
      const row = await one(tables.authenticator, { credentialID });
      if (!row) return null;
      const backedUp = row.credentialBackedUp === true || row.credentialBackedUp === 1;
      return { ...row, counter: Number(row.counter), credentialBackedUp: backedUp } as AdapterAuthenticator;
    },
  };
}
