import type { Adapter } from "@portcullis/core/adapters";
import { existingColumns, timestamps } from "./columns";
import type { SqlContext } from "./context";
import { preparedQuery } from "./prepared";
import { toSession, toUser } from "./rows";

type SessionMethods = Required<
  Pick<Adapter, "createSession" | "getSessionAndUser" | "updateSession" | "deleteSession">
>;

/** Alias of the session's expiry in the joined query; unlikely to clash with a user column. */
const EXPIRES = "portcullis_session_expires";

/** The database-session methods of the SQL adapter. */
export function sessionMethods({ db, dialect, tables, columns }: SqlContext): SessionMethods {
  const byToken = async (sessionToken: string) => {
    const row = await db
      .selectFrom(tables.session)
      .selectAll()
      .where("sessionToken", "=", sessionToken)
      .executeTakeFirst();
    return row ? toSession(row) : null;
  };
  // One round trip on the hottest path: every request with a database session lands here.
  const sessionAndUser = preparedQuery(db, (sessionToken) =>
    db
      .selectFrom(tables.session)
      .innerJoin(tables.user, `${tables.user}.id`, `${tables.session}.userId`)
      .selectAll(tables.user)
      .select(`${tables.session}.expires as ${EXPIRES}`)
      .where(`${tables.session}.sessionToken`, "=", sessionToken),
  );
  return {
    async createSession(session) {
      const table = (await columns()).session;
      const row = {
        sessionToken: session.sessionToken,
        userId: session.userId,
        expires: dialect.date(session.expires, table?.types.get("expires")),
      };
      // The row id, where the table has one, is the database's default or the adapter's own.
      await db
        .insertInto(tables.session)
        .values({ ...existingColumns(row, table), ...timestamps(table, dialect, "insert") })
        .execute();
      return toSession(row);
    },
    async getSessionAndUser(sessionToken) {
      const [row] = await sessionAndUser(sessionToken);
      if (!row) return null;
      const { [EXPIRES]: expires, ...user } = row;
      return { session: toSession({ sessionToken, userId: user.id, expires }), user: toUser(user) };
    },
    async updateSession({ sessionToken, userId, expires }) {
      const table = (await columns()).session;
      const changes = {
        userId,
        expires: expires === undefined ? undefined : dialect.date(expires, table?.types.get("expires")),
        ...timestamps(table, dialect, "update"),
      };
      if (userId !== undefined || expires !== undefined) {
        await db.updateTable(tables.session).set(changes).where("sessionToken", "=", sessionToken).execute();
      }
      return byToken(sessionToken);
    },
    async deleteSession(sessionToken) {
      const row = await dialect.take(db, tables.session, { sessionToken });
      return row ? toSession(row) : null;
    },
  };
}
