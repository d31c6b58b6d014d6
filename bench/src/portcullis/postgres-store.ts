/**
 * Portcullis's PostgreSQL side of `session-db-postgres`: `SqlAdapter` from
 * `@portcullis/sql-adapter` on Kysely with `pg`, on a fresh database migrated by the package's
 * own `migrate`, seeded with alice and her session through the adapter.
 *
 * @module
 */
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { loadSqlAdapter } from "../apps/sql-adapter";
import { freshDatabase, PG_POOL_MAX } from "../stores/postgres-database";
import { type SeededStore, seedAlice } from "../stores/seed";

/**
 * Loads the adapter (first, so a missing package fails fast), creates a database on the bench's
 * PostgreSQL server, migrates it and seeds alice's session.
 *
 * @param serverUrl The bench's PostgreSQL server.
 * @returns The adapter on a pool of {@link PG_POOL_MAX} connections, the session token, and a
 * `close()` that ends the pool and drops the database.
 * @throws {Unavailable} When `@portcullis/sql-adapter` cannot be loaded.
 * @throws When the server cannot be reached or a statement fails.
 * @example
 * ```ts
 * const { adapter, sessionToken, close } = await portcullisPostgresStore(serverUrl);
 * ```
 */
export async function portcullisPostgresStore(serverUrl: string): Promise<SeededStore> {
  const { SqlAdapter, migrate } = await loadSqlAdapter();
  const database = await freshDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: database.url, max: PG_POOL_MAX });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const close = async () => {
    await db.destroy();
    await database.drop();
  };
  try {
    await migrate(db);
    const adapter = SqlAdapter(db);
    return { adapter, sessionToken: await seedAlice(adapter), close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
