/**
 * migrate on MariaDB next to a users table whose ids the database numbers as unsigned integers
 * (`int unsigned AUTO_INCREMENT`, as hand-written schemas have it, or MySQL's `serial`, which
 * Drizzle's MySQL `serial()` ids get): the tables it creates refer to those ids with the same
 * unsigned type, since MariaDB refuses a foreign key between signed and unsigned columns.
 */
import type { Adapter } from "@portcullis/core/adapters";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { freshDatabase } from "./databases";

describe.each([
  ["int unsigned auto_increment primary key"],
  ["serial primary key"], // MySQL's serial: bigint unsigned not null auto_increment unique
])("MariaDB users table with `id %s`", (idColumn) => {
  const database = freshDatabase(inject("mariadbUrl"));
  beforeAll(async () => {
    await database.create();
    await sql`create table User (id ${sql.raw(idColumn)}, name varchar(255), email varchar(255), ${sql.id("emailVerified")} datetime(3), image varchar(255))`.execute(
      database.db,
    );
  }, 30_000);
  afterAll(() => database.close());

  test("migrate creates the other tables, and a new user signs up with a session", async () => {
    await migrate(database.db);
    const adapter = SqlAdapter(database.db) as Required<Adapter>;
    const user = await adapter.createUser({
      id: crypto.randomUUID(),
      email: "a@example.test",
      emailVerified: null,
    });
    const session = await adapter.createSession({
      sessionToken: crypto.randomUUID(),
      userId: String(user.id),
      expires: new Date(Date.now() + 86_400_000),
    });
    expect(String(session.userId)).toBe(String(user.id));
  });
});
