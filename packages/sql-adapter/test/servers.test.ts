/** The conformance suite on the real database servers the test kit starts for the run. */
import { runAdapterTests } from "@portcullis/adapter-testing";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { inject } from "vitest";
import { freshDatabase } from "./databases";
import { directReaders } from "./direct-readers";

for (const [name, url] of [
  ["PostgreSQL", inject("postgresUrl")],
  ["MariaDB", inject("mariadbUrl")],
] as const) {
  const database = freshDatabase(url);
  runAdapterTests({
    name: `SqlAdapter on ${name}`,
    adapter: SqlAdapter(database.db),
    sessionDetails: true,
    db: {
      connect: async () => {
        await database.create();
        await migrate(database.db);
      },
      disconnect: database.close,
      ...directReaders(database.db),
    },
  });
}
