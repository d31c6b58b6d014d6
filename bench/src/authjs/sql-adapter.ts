/**
 * A minimal Auth.js adapter on Kysely and SQLite, written for the bench because no Auth.js SQL
 * adapter is installed. It runs the same queries as `@portcullis/sql-adapter` on the same tables
 * (one joined SELECT for `getSessionAndUser`, UPDATE then SELECT for `updateSession`, SELECT then
 * DELETE in a transaction for `deleteSession`), so the database session scenario compares the
 * libraries and not their adapters. It implements only the methods Auth.js requires for database
 * sessions.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import type { Adapter, AdapterSession, AdapterUser } from "@auth/core/adapters";
import type { Kysely, Selectable } from "kysely";
import type { BenchTables } from "../sqlite";

type UserRow = Selectable<BenchTables["User"]>;
type SessionRow = Pick<BenchTables["Session"], "sessionToken" | "userId" | "expires">;

/** Alias of the session's expiry in the joined query, as in `@portcullis/sql-adapter`. */
const EXPIRES = "portcullis_session_expires";

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

function toUser(row: UserRow): AdapterUser {
  return { ...row, emailVerified: row.emailVerified === null ? null : new Date(row.emailVerified) };
}

function toSession(row: SessionRow): AdapterSession {
  return { sessionToken: row.sessionToken, userId: row.userId, expires: new Date(row.expires) };
}

function userMethods(db: Kysely<BenchTables>) {
  const byId = async (id: string) => {
    const row = await db.selectFrom("User").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toUser(row) : null;
  };
  return {
    async createUser(user: AdapterUser) {
      const row = { id: user.id, name: user.name ?? null, email: user.email, image: user.image ?? null };
      await db
        .insertInto("User")
        .values({ ...row, emailVerified: iso(user.emailVerified) })
        .execute();
      return toUser({ ...row, emailVerified: iso(user.emailVerified) });
    },
    getUser: byId,
    async getUserByEmail(email: string) {
      const row = await db.selectFrom("User").selectAll().where("email", "=", email).executeTakeFirst();
      return row ? toUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }: { provider: string; providerAccountId: string }) {
      const row = await db
        .selectFrom("User")
        .innerJoin("Account", "Account.userId", "User.id")
        .selectAll("User")
        .where("Account.provider", "=", provider)
        .where("Account.providerAccountId", "=", providerAccountId)
        .executeTakeFirst();
      return row ? toUser(row) : null;
    },
    async updateUser(user: Partial<AdapterUser> & Pick<AdapterUser, "id">) {
      const { id, name, email, image, emailVerified } = user;
      const changes = {
        name,
        email,
        image,
        emailVerified: emailVerified === undefined ? undefined : iso(emailVerified),
      };
      await db.updateTable("User").set(changes).where("id", "=", id).execute();
      const updated = await byId(id);
      if (!updated) throw new Error("updateUser: no user has this id.");
      return updated;
    },
  };
}

function sessionMethods(db: Kysely<BenchTables>) {
  return {
    async createSession(session: AdapterSession) {
      const row = {
        sessionToken: session.sessionToken,
        userId: session.userId,
        expires: session.expires.toISOString(),
      };
      await db
        .insertInto("Session")
        .values({ id: randomUUID(), ...row })
        .execute();
      return toSession(row);
    },
    async getSessionAndUser(sessionToken: string) {
      const row = await db
        .selectFrom("Session")
        .innerJoin("User", "User.id", "Session.userId")
        .selectAll("User")
        .select(`Session.expires as ${EXPIRES}`)
        .where("Session.sessionToken", "=", sessionToken)
        .executeTakeFirst();
      if (!row) return null;
      const { [EXPIRES]: expires, ...user } = row;
      return { session: toSession({ sessionToken, userId: user.id, expires }), user: toUser(user) };
    },
    async updateSession({
      sessionToken,
      userId,
      expires,
    }: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">) {
      if (userId !== undefined || expires !== undefined) {
        const changes = { userId, expires: expires === undefined ? undefined : expires.toISOString() };
        await db.updateTable("Session").set(changes).where("sessionToken", "=", sessionToken).execute();
      }
      const row = await db
        .selectFrom("Session")
        .selectAll()
        .where("sessionToken", "=", sessionToken)
        .executeTakeFirst();
      return row ? toSession(row) : null;
    },
    deleteSession(sessionToken: string) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("Session")
          .selectAll()
          .where("sessionToken", "=", sessionToken)
          .executeTakeFirst();
        if (row) await trx.deleteFrom("Session").where("sessionToken", "=", sessionToken).execute();
        return row ? toSession(row) : null;
      });
    },
  };
}

/**
 * An Auth.js adapter for database sessions on the bench's SQLite tables: the user, account-link
 * and session methods, with the same queries as `@portcullis/sql-adapter`.
 *
 * @param db Kysely on the seeded SQLite database; the adapter never closes it.
 * @returns The adapter, for `@auth/core`'s `adapter` option.
 * @throws Methods reject with the database's error; `updateUser` also for an unknown id.
 * @example
 * ```ts
 * const config = { adapter: authjsSqlAdapter(db), session: { strategy: "database" }, ... };
 * ```
 */
export function authjsSqlAdapter(db: Kysely<BenchTables>): Adapter {
  return {
    ...userMethods(db),
    ...sessionMethods(db),
    async linkAccount(account) {
      const { userId, type, provider, providerAccountId } = account;
      const optional = {
        refresh_token: null,
        access_token: null,
        expires_at: null,
        token_type: null,
        scope: null,
      };
      const row = {
        ...optional,
        id_token: null,
        session_state: null,
        userId,
        type,
        provider,
        providerAccountId,
      };
      await db
        .insertInto("Account")
        .values({ id: randomUUID(), ...row, ...pickTokens(account) })
        .execute();
      return account;
    },
  };
}

/** The OAuth token columns present on an account. */
function pickTokens(account: Record<string, unknown>): Partial<BenchTables["Account"]> {
  const tokens: Record<string, unknown> = {};
  for (const key of [
    "refresh_token",
    "access_token",
    "expires_at",
    "token_type",
    "scope",
    "id_token",
    "session_state",
  ]) {
    if (account[key] !== undefined) tokens[key] = account[key];
  }
  return tokens as Partial<BenchTables["Account"]>;
}
