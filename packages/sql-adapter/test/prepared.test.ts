/** A query compiled once answers later values correctly, and refuses a query that ignores its value. */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { preparedQuery } from "../src/prepared";
import { sqliteFile } from "./databases";

const database = sqliteFile();

beforeAll(async () => {
  await sql`create table item (name text primary key, size integer)`.execute(database.db);
  await database.db
    .insertInto("item")
    .values([
      { name: "a", size: 1 },
      { name: "b", size: 2 },
    ])
    .execute();
});
afterAll(() => database.close());

test("runs the query compiled on its first call with each new value", async () => {
  const byName = preparedQuery(database.db, (name) =>
    database.db.selectFrom("item").select("size").where("name", "=", name),
  );
  expect(await byName("a")).toEqual([{ size: 1 }]);
  expect(await byName("b")).toEqual([{ size: 2 }]);
  expect(await byName("c")).toEqual([]);
  expect(await byName("a' or '1'='1")).toEqual([]);
});

test("refuses a query that does not use its value as exactly one parameter", async () => {
  const ignoring = preparedQuery(database.db, () => database.db.selectFrom("item").select("size"));
  await expect(ignoring("a")).rejects.toThrow(/exactly once/);
});
