/**
 * Loads `@portcullis/sql-adapter` on demand, so that the rest of the bench runs while the
 * adapter is unfinished and the database scenario reports it as not available.
 *
 * @module
 */
import { Unavailable } from "./app";

/** The adapter package's exports the bench uses. */
export type SqlAdapterModule = typeof import("@portcullis/sql-adapter");

/**
 * Imports `@portcullis/sql-adapter`.
 *
 * @returns The module.
 * @throws {Unavailable} When it fails to load or lacks `SqlAdapter`.
 * @example
 * ```ts
 * const { SqlAdapter } = await loadSqlAdapter();
 * ```
 */
export async function loadSqlAdapter(): Promise<SqlAdapterModule> {
  let loaded: SqlAdapterModule;
  try {
    loaded = await import("@portcullis/sql-adapter");
  } catch (error) {
    throw new Unavailable(`adapter not available (${(error as Error).message.split("\n")[0]})`);
  }
  if (typeof loaded.SqlAdapter !== "function")
    throw new Unavailable("adapter not available (no SqlAdapter export)");
  return loaded;
}
