/**
 * A Portcullis adapter for SQLite, PostgreSQL and MySQL/MariaDB on Kysely, with the schema of
 * Auth.js's SQL adapters.
 *
 * @module
 */

export type { DialectName } from "./dialect";
export type { SqlAdapterOptions, TableNames } from "./options";
export { DEFAULT_TABLES } from "./options";
export { migrate, schemaSql } from "./schema";
export { SqlAdapter } from "./sql-adapter";
