/**
 * Auth.js's PostgreSQL side of `session-db-postgres`: `@auth/pg-adapter` on a `pg` Pool, on a
 * fresh database with the tables that adapter's documentation gives (serial integer ids, quoted
 * camel-case columns), seeded with alice and her session through the adapter.
 *
 * @module
 */
import PostgresAdapter from "@auth/pg-adapter";
import pg from "pg";
import { freshDatabase, PG_POOL_MAX } from "../stores/postgres-database";
import { type SeededStore, seedAlice } from "../stores/seed";

/**
 * The tables `@auth/pg-adapter` reads and writes, as its documentation defines them. The
 * documented schema has no index on `"sessionToken"`; with the one session seeded here a scan
 * and an index lookup cost the same, so the bench keeps the schema as documented.
 */
const AUTHJS_PG_SCHEMA = [
  `CREATE TABLE users (
    id SERIAL PRIMARY KEY,
    name VARCHAR(255),
    email VARCHAR(255),
    "emailVerified" TIMESTAMPTZ,
    image TEXT
  )`,
  `CREATE TABLE accounts (
    id SERIAL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    type VARCHAR(255) NOT NULL,
    provider VARCHAR(255) NOT NULL,
    "providerAccountId" VARCHAR(255) NOT NULL,
    refresh_token TEXT,
    access_token TEXT,
    expires_at BIGINT,
    id_token TEXT,
    scope TEXT,
    session_state TEXT,
    token_type TEXT
  )`,
  `CREATE TABLE sessions (
    id SERIAL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    expires TIMESTAMPTZ NOT NULL,
    "sessionToken" VARCHAR(255) NOT NULL
  )`,
  `CREATE TABLE verification_token (
    identifier TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (identifier, token)
  )`,
];

/**
 * Creates a database on the bench's PostgreSQL server, creates Auth.js's tables in it and seeds
 * alice's session through `@auth/pg-adapter`.
 *
 * @param serverUrl The bench's PostgreSQL server.
 * @returns The adapter on a pool of {@link PG_POOL_MAX} connections, the session token, and a
 * `close()` that ends the pool and drops the database.
 * @throws When the server cannot be reached or a statement fails.
 * @example
 * ```ts
 * const { adapter, sessionToken, close } = await authjsPostgresStore(serverUrl);
 * ```
 */
export async function authjsPostgresStore(serverUrl: string): Promise<SeededStore> {
  const database = await freshDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: database.url, max: PG_POOL_MAX });
  const close = async () => {
    await pool.end();
    await database.drop();
  };
  try {
    for (const statement of AUTHJS_PG_SCHEMA) await pool.query(statement);
    const adapter = PostgresAdapter(pool);
    return { adapter, sessionToken: await seedAlice(adapter), close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
