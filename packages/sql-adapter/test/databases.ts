/**
 * Test helpers: Kysely instances on real databases and a fresh database per test file, so
 * files running in parallel never see each other's tables.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from "kysely";
import mysql from "mysql2";
import pg from "pg";

// biome-ignore lint/suspicious/noExplicitAny: tests query tables by names chosen at run time.
export type AnyKysely = Kysely<any>;

/** A database for one test file. */
export interface TestDatabase {
  /** Connects lazily, so it can be handed to an adapter before the database exists. */
  db: AnyKysely;
  url: string;
  /** Creates the database (a no-op for SQLite, whose file appears on first use). */
  create(): Promise<void>;
  /** Closes the connections (and deletes a SQLite file). */
  close(): Promise<void>;
}

/** Opens a Kysely instance on a PostgreSQL or MySQL/MariaDB URL. */
export function openUrl(url: string): AnyKysely {
  if (url.startsWith("postgres")) {
    return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }) });
  }
  return new Kysely({ dialect: new MysqlDialect({ pool: mysql.createPool(url) }) });
}

/** A database with a random name next to the one at `url`, created by `create()`. */
export function freshDatabase(url: string): TestDatabase {
  const name = `portcullis_${crypto.randomUUID().replaceAll("-", "")}`;
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  const db = openUrl(fresh.href);
  return {
    db,
    url: fresh.href,
    async create() {
      const admin = openUrl(url);
      try {
        await sql`create database ${sql.id(name)}`.execute(admin);
      } finally {
        await admin.destroy();
      }
    },
    close: () => db.destroy(),
  };
}

/** A SQLite database in a new temp file; closing it deletes the file. */
export function sqliteFile(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-sqlite-"));
  const file = join(dir, "auth.db");
  const db = new Kysely({ dialect: new SqliteDialect({ database: new Database(file) }) });
  return {
    db,
    url: file,
    create: async () => undefined,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
