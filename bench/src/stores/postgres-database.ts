/**
 * A database of its own on the bench's PostgreSQL server for each server process, so the two
 * libraries' tables never meet and a process's rows are gone when it ends.
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The connections each server process may open to PostgreSQL: `pg`'s default pool size, the
 * same for both libraries.
 */
export const PG_POOL_MAX = 10;

/** A database created for one server process. */
export interface FreshDatabase {
  /** Its connection URL. */
  url: string;
  /** Drops it, closing any connection still open to it. */
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database with a random name on the server that `serverUrl` points at.
 *
 * @param serverUrl A URL of the server, with a database the user may create databases from.
 * @returns The new database's URL and `drop()`.
 * @throws When the server cannot be reached or refuses `CREATE DATABASE`.
 * @example
 * ```ts
 * const database = await freshDatabase("postgres://postgres@127.0.0.1:5433/portcullis");
 * await database.drop();
 * ```
 */
export async function freshDatabase(serverUrl: string): Promise<FreshDatabase> {
  // A random lower-case name needs no quoting, and never collides with another process's.
  const name = `bench_${randomBytes(8).toString("hex")}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
