/**
 * Test helper: the tables of an existing Auth.js database, laid out as Auth.js's Kysely adapter
 * documents and tests them: no `Account.id` or `Session.id`, a database-made `User.id` on
 * PostgreSQL (`uuid` with `gen_random_uuid()`), ISO text dates on SQLite, no `Authenticator`
 * table unless asked for (Auth.js adds it only for passkeys); and the schema `@auth/pg-adapter`
 * documents.
 */
import { sql } from "kysely";
import type { AnyKysely } from "./databases";

/** Creates Auth.js's Kysely schema; `authenticator` adds the passkey table Auth.js documents. */
export async function createAuthJsSchema(
  db: AnyKysely,
  dialect: "sqlite" | "postgres",
  { authenticator = false }: { authenticator?: boolean } = {},
): Promise<void> {
  const pg = dialect === "postgres";
  const idType = pg ? "uuid" : "text";
  const dateType = pg ? "timestamptz" : "text";
  await db.schema
    .createTable("User")
    .addColumn("id", idType, (c) => (pg ? c.primaryKey().defaultTo(sql`gen_random_uuid()`) : c.primaryKey()))
    .addColumn("name", "text")
    .addColumn("email", "text", (c) => c.unique().notNull())
    .addColumn("emailVerified", dateType)
    .addColumn("image", "text")
    .execute();
  await db.schema
    .createTable("Account")
    .addColumn("userId", idType, (c) => c.references("User.id").onDelete("cascade").notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("providerAccountId", "text", (c) => c.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("access_token", "text")
    .addColumn("expires_at", "bigint")
    .addColumn("token_type", "text")
    .addColumn("scope", "text")
    .addColumn("id_token", "text")
    .addColumn("session_state", "text")
    .execute();
  await db.schema
    .createTable("Session")
    .addColumn("userId", idType, (c) => c.references("User.id").onDelete("cascade").notNull())
    .addColumn("sessionToken", "text", (c) => c.notNull().unique())
    .addColumn("expires", dateType, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("VerificationToken")
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires", dateType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("Account_userId_index").on("Account").column("userId").execute();
  await db.schema.createIndex("Session_userId_index").on("Session").column("userId").execute();
  if (!authenticator) return;
  await db.schema
    .createTable("Authenticator")
    .addColumn("credentialID", "text", (c) => c.notNull().unique())
    .addColumn("userId", idType, (c) => c.references("User.id").onDelete("cascade").notNull())
    .addColumn("providerAccountId", "text", (c) => c.notNull())
    .addColumn("credentialPublicKey", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull())
    .addColumn("credentialDeviceType", "text", (c) => c.notNull())
    .addColumn("credentialBackedUp", pg ? "boolean" : "integer", (c) => c.notNull())
    .addColumn("transports", "text")
    .addPrimaryKeyConstraint("Authenticator_pkey", ["userId", "credentialID"])
    .execute();
}

/**
 * The schema `@auth/pg-adapter` documents for PostgreSQL, as one script: `serial` (integer) ids
 * the database numbers, lower-case plural table names (`users`, `accounts`, `sessions`,
 * `verification_token`).
 */
export const PG_ADAPTER_SCHEMA = `
  create table verification_token (identifier text not null, expires timestamptz not null,
    token text not null, primary key (identifier, token));
  create table accounts (id serial, "userId" integer not null, type varchar(255) not null,
    provider varchar(255) not null, "providerAccountId" varchar(255) not null,
    refresh_token text, access_token text, expires_at bigint, id_token text, scope text,
    session_state text, token_type text, primary key (id));
  create table sessions (id serial, "userId" integer not null, expires timestamptz not null,
    "sessionToken" varchar(255) not null, primary key (id));
  create table users (id serial, name varchar(255), email varchar(255),
    "emailVerified" timestamptz, image text, primary key (id));
`;

/** The table names of {@link PG_ADAPTER_SCHEMA}, as `SqlAdapter`'s `tables` option takes them. */
export const PG_ADAPTER_TABLES = {
  user: "users",
  account: "accounts",
  session: "sessions",
  verificationToken: "verification_token",
};
