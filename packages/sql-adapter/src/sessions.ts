import type { Adapter, AdapterSessionMethods } from "@portcullis/core/adapters";
import { existingColumns, type TableColumns, timestamps } from "./columns";
import type { SqlContext } from "./context";
import type { Row } from "./db";
import { preparedQuery } from "./prepared";
import { sessionRow, toSession, toUser } from "./rows";

/**
 * The session columns read alongside the user in `getSessionAndUser`, by the alias they get in
 * the joined query: prefixed so that they never clash with a user column of the same name (the
 * Prisma layout's user table has its own `createdAt`).
 */
const JOINED = {
  expires: "portcullis_session_expires",
  createdAt: "portcullis_session_createdAt",
  lastSeenAt: "portcullis_session_lastSeenAt",
  userAgent: "portcullis_session_userAgent",
  provider: "portcullis_session_provider",
  idpSessionId: "portcullis_session_idpSessionId",
  idToken: "portcullis_session_idToken",
} as const;

/** The database-session methods of the SQL adapter. */
export function sessionMethods({
  db,
  dialect,
  tables,
  columns,
}: SqlContext): AdapterSessionMethods & Required<Pick<Adapter, "deleteSessionsByIdpSession">> {
  const byToken = async (sessionToken: string) => {
    const row = await db
      .selectFrom(tables.session)
      .selectAll()
      .where("sessionToken", "=", sessionToken)
      .executeTakeFirst();
    return row ? toSession(row) : null;
  };
  /** The session columns of the joined query: `expires`, and the details where the table has them. */
  const joinedColumns = (table: TableColumns) =>
    Object.entries(JOINED)
      .filter(([column]) => column === "expires" || table.types.has(column))
      .map(([column, alias]) => `${tables.session}.${column} as ${alias}`);
  // One round trip on the hottest path: every request with a database session lands here. The
  // query is compiled once, after the catalog says which session columns exist.
  let sessionAndUser: ((sessionToken: string) => Promise<Row[]>) | undefined;
  const joinedQuery = (table: TableColumns) =>
    preparedQuery(db, (sessionToken) =>
      db
        .selectFrom(tables.session)
        .innerJoin(tables.user, `${tables.user}.id`, `${tables.session}.userId`)
        .selectAll(tables.user)
        .select(joinedColumns(table))
        .where(`${tables.session}.sessionToken`, "=", sessionToken),
    );
  return {
    async createSession(session) {
      const table = (await columns()).session;
      const row = sessionRow(session, dialect, table);
      const stamps = timestamps(table, dialect, "insert");
      // `createdAt` is a session detail as well as a bookkeeping column. A nullable one holds
      // what the caller gave, never an invented time; only a layout that demands a value (NOT
      // NULL, no default) gets now when none is given. A given one always wins.
      if (table?.nullable.has("createdAt")) delete stamps.createdAt;
      // The row id, where the table has one, is the database's default or the adapter's own.
      await db
        .insertInto(tables.session)
        .values({ ...stamps, ...existingColumns(row, table) })
        .execute();
      return toSession(row);
    },
    async getSessionAndUser(sessionToken) {
      let query = sessionAndUser;
      if (!query) {
        const table = (await columns()).session;
        // Without the table in the catalog (not migrated yet) ask for `expires` only, and compile
        // again next time, once the details may be there.
        query = joinedQuery(table ?? { types: new Map(), defaulted: new Set(), nullable: new Set() });
        if (table) sessionAndUser = query;
      }
      const [row] = await query(sessionToken);
      if (!row) return null;
      const {
        [JOINED.expires]: expires,
        [JOINED.createdAt]: createdAt,
        [JOINED.lastSeenAt]: lastSeenAt,
        [JOINED.userAgent]: userAgent,
        [JOINED.provider]: provider,
        [JOINED.idpSessionId]: idpSessionId,
        [JOINED.idToken]: idToken,
        ...user
      } = row;
      const session = {
        sessionToken,
        userId: user.id,
        expires,
        createdAt,
        lastSeenAt,
        userAgent,
        provider,
        idpSessionId,
        idToken,
      };
      return { session: toSession(session), user: toUser(user) };
    },
    async updateSession({ sessionToken, ...changes }) {
      const table = (await columns()).session;
      const row = sessionRow(changes, dialect, table);
      if (Object.keys(row).length > 0) {
        await db
          .updateTable(tables.session)
          .set({ ...row, ...timestamps(table, dialect, "update") })
          .where("sessionToken", "=", sessionToken)
          .execute();
      }
      return byToken(sessionToken);
    },
    async deleteSession(sessionToken) {
      const row = await dialect.take(db, tables.session, { sessionToken });
      return row ? toSession(row) : null;
    },
    async listSessionsByUser(userId) {
      // Expired rows too: the caller filters by `expires` with its own clock.
      const rows = await db.selectFrom(tables.session).selectAll().where("userId", "=", userId).execute();
      return rows.map(toSession);
    },
    async deleteSessionsByUser(userId, options) {
      // One statement, so a session created meanwhile is either deleted or was not there yet.
      let statement = db.deleteFrom(tables.session).where("userId", "=", userId);
      if (options?.except !== undefined) statement = statement.where("sessionToken", "<>", options.except);
      const result = await statement.executeTakeFirst();
      // Drivers report the count as a bigint (Kysely) of rows the database matched.
      return Number(result.numDeletedRows);
    },
    async deleteSessionsByIdpSession({ provider, idpSessionId }) {
      // A table without these columns (Auth.js's, not migrated) holds no session of any sid.
      const table = (await columns()).session;
      if (!table?.types.has("provider") || !table.types.has("idpSessionId")) return [];
      // One statement where the dialect can (one locked transaction on MySQL), answering the
      // rows, so that back-channel logout can tell each session's user.
      const rows = await dialect.takeAll(db, tables.session, { provider, idpSessionId });
      return rows.map(toSession);
    },
  };
}
