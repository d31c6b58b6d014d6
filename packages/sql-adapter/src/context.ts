import type { SchemaColumns } from "./columns";
import type { AnyDb } from "./db";
import type { SqlDialect } from "./dialect";
import type { TableNames } from "./options";

/** What every group of adapter methods works with. */
export interface SqlContext {
  db: AnyDb;
  dialect: SqlDialect;
  tables: TableNames;
  /** The tables and columns the database has, read once per adapter. */
  columns: () => Promise<SchemaColumns>;
}
