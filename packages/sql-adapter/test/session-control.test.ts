/**
 * Session control over HTTP with database sessions in the SQL adapter, on SQLite, PostgreSQL and
 * MariaDB: the same checks the memory adapter passes (see the core's session tests).
 */
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { afterAll, inject } from "vitest";
import { databaseSessionControl } from "../../core/test/sessions/helpers";
import { freshDatabase, sqliteFile, type TestDatabase } from "./databases";

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

function adapterOn(open: () => TestDatabase) {
  return async () => {
    const database = open();
    opened.push(database);
    await database.create();
    await migrate(database.db);
    return SqlAdapter(database.db);
  };
}

databaseSessionControl("SQLite", adapterOn(sqliteFile));
databaseSessionControl(
  "PostgreSQL",
  adapterOn(() => freshDatabase(inject("postgresUrl"))),
);
databaseSessionControl(
  "MariaDB",
  adapterOn(() => freshDatabase(inject("mariadbUrl"))),
);
