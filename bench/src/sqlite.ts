/**
 * The SQLite database a database-session server reads: a fresh file per server process, with the
 * user, account and session tables of Auth.js's SQL schema (which `@portcullis/sql-adapter`
 * uses too), created here the same way for both libraries, and one user with one live session.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { ALICE } from "./config";

/** The tables the bench writes, as Auth.js's SQL schema names them. */
export interface BenchTables {
  User: {
    id: string;
    name: string | null;
    email: string;
    emailVerified: string | null;
    image: string | null;
  };
  Account: {
    id: string;
    userId: string;
    type: string;
    provider: string;
    providerAccountId: string;
    refresh_token: string | null;
    access_token: string | null;
    expires_at: number | null;
    token_type: string | null;
    scope: string | null;
    id_token: string | null;
    session_state: string | null;
  };
  Session: { id: string; sessionToken: string; userId: string; expires: string };
}

/** A seeded database. */
export interface SeededDatabase {
  db: Kysely<BenchTables>;
  /** The token of alice's session, valid for 30 days: the value of the session cookie. */
  sessionToken: string;
  /** Closes the connection and deletes the file. */
  close(): Promise<void>;
}

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** Creates the tables, keys and unique constraints; the unique session token is the lookup index. */
async function createTables(db: Kysely<BenchTables>): Promise<void> {
  await db.schema
    .createTable("User")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", "text")
    .addColumn("image", "text")
    .execute();
  await db.schema
    .createTable("Account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("User.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("providerAccountId", "text", (c) => c.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("access_token", "text")
    .addColumn("expires_at", "integer")
    .addColumn("token_type", "text")
    .addColumn("scope", "text")
    .addColumn("id_token", "text")
    .addColumn("session_state", "text")
    .addUniqueConstraint("Account_provider_providerAccountId_key", ["provider", "providerAccountId"])
    .execute();
  await db.schema
    .createTable("Session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sessionToken", "text", (c) => c.notNull().unique())
    .addColumn("userId", "text", (c) => c.notNull().references("User.id").onDelete("cascade"))
    .addColumn("expires", "text", (c) => c.notNull())
    .execute();
}

/**
 * Creates the database in a new temporary directory, creates the tables and inserts alice and a
 * session expiring in 30 days, so every read finds a live session that is not yet due for
 * extension (both libraries extend it at most once a day).
 *
 * @returns The Kysely instance, alice's session token and a `close()`.
 * @throws When the file cannot be created or a statement fails.
 * @example
 * ```ts
 * const { db, sessionToken, close } = await seededDatabase();
 * ```
 */
export async function seededDatabase(): Promise<SeededDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-bench-"));
  const db = new Kysely<BenchTables>({
    dialect: new SqliteDialect({ database: new Database(join(dir, "auth.db")) }),
  });
  await createTables(db);
  const sessionToken = randomUUID();
  await db
    .insertInto("User")
    .values({ id: ALICE.id, name: ALICE.name, email: ALICE.email, emailVerified: null, image: null })
    .execute();
  const expires = new Date(Date.now() + THIRTY_DAYS_MS).toISOString();
  await db
    .insertInto("Session")
    .values({ id: randomUUID(), sessionToken, userId: ALICE.id, expires })
    .execute();
  return {
    db,
    sessionToken,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
