import { runAdapterTests } from "@portcullis/adapter-testing";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { inject } from "vitest";
import { freshDatabase } from "./databases";
import { directReaders } from "./direct-readers";

const database = freshDatabase(inject("mariadbUrl"));

runAdapterTests({
  name: "SqlAdapter on MariaDB",
  adapter: SqlAdapter(database.db),
  db: {
    connect: async () => {
      await database.create();
      await migrate(database.db);
    },
    disconnect: database.close,
    ...directReaders(database.db),
  },
});
