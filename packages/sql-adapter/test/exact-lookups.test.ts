/**
 * Lookups by a value an identity provider controls (the profile's email, the account id) are
 * exact on every database. The MySQL schema's collation, utf8mb4_bin, ignores trailing spaces
 * when comparing on MariaDB (and MySQL), so there `alice@example.test ` would find
 * `alice@example.test` if the adapter did not check what the lookup answers. The core lowercases
 * an OAuth profile's email but does not trim it, so such a value reaches getUserByEmail as it is.
 */
import type { Adapter } from "@portcullis/core/adapters";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freshDatabase, sqliteFile, type TestDatabase } from "./databases";

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

async function adapterOn(open: () => TestDatabase): Promise<Required<Adapter>> {
  const database = open();
  opened.push(database);
  await database.create();
  await migrate(database.db);
  return SqlAdapter(database.db) as Required<Adapter>;
}

const databases: [string, () => TestDatabase][] = [
  ["SQLite", sqliteFile],
  ["PostgreSQL", () => freshDatabase(inject("postgresUrl"))],
  ["MariaDB", () => freshDatabase(inject("mariadbUrl"))],
];

describe.each(databases)("SqlAdapter on %s: lookups are exact", (_name, open) => {
  it("getUserByEmail with a trailing space does not find the user without it", async () => {
    const adapter = await adapterOn(open);
    await adapter.createUser({ id: "alice", email: "alice@example.test", emailVerified: null });
    expect(await adapter.getUserByEmail("alice@example.test")).toMatchObject({ id: "alice" });
    expect(await adapter.getUserByEmail("alice@example.test ")).toBeNull();
  });

  it("getUserByAccount with a trailing space in the account id does not find the account without it", async () => {
    const adapter = await adapterOn(open);
    await adapter.createUser({ id: "alice", email: "alice@example.test", emailVerified: null });
    await adapter.linkAccount({ userId: "alice", type: "oidc", provider: "idp", providerAccountId: "alice" });
    expect(await adapter.getUserByAccount({ provider: "idp", providerAccountId: "alice" })).toMatchObject({
      id: "alice",
    });
    expect(await adapter.getUserByAccount({ provider: "idp", providerAccountId: "alice " })).toBeNull();
  });
});
