/**
 * The demo's embedded SQLite database: the Portcullis schema (made by `migrate`), plus a small
 * table of password hashes for the credentials sign-in and one seeded user.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { promisify } from "node:util";
import { migrate } from "@portcullis/sql-adapter";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** Opens (and creates when needed) the database file and brings its schema up to date. */
export async function openDatabase(file: string): Promise<Kysely<Record<string, Record<string, unknown>>>> {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Kysely<Record<string, Record<string, unknown>>>({
    dialect: new SqliteDialect({ database: new Database(file) }),
  });
  await migrate(db);
  await db.schema
    .createTable("DemoPassword")
    .ifNotExists()
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("hash", "text", (c) => c.notNull())
    .execute();
  return db;
}

/** Stores `salt:hash` (scrypt) for an email. */
export async function setPassword(
  db: Kysely<Record<string, Record<string, unknown>>>,
  email: string,
  password: string,
) {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  const value = `${salt.toString("hex")}:${hash.toString("hex")}`;
  await db
    .insertInto("DemoPassword")
    .values({ email, hash: value })
    .onConflict((oc) => oc.column("email").doUpdateSet({ hash: value }))
    .execute();
}

/** True when the password matches the stored hash (compared in constant time). */
export async function checkPassword(
  db: Kysely<Record<string, Record<string, unknown>>>,
  email: string,
  password: string,
) {
  const row = await db
    .selectFrom("DemoPassword")
    .select("hash")
    .where("email", "=", email)
    .executeTakeFirst();
  const [saltHex, hashHex] = String(row?.hash ?? "0:0").split(":");
  const expected = Buffer.from(hashHex ?? "", "hex");
  const actual = await scryptAsync(password, Buffer.from(saltHex ?? "", "hex"), 32);
  // Hash even for unknown emails, so the answer takes as long either way.
  return row !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual);
}
