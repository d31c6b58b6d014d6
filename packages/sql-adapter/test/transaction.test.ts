/**
 * createUserWithAccount writes a first sign-in's user and account in one transaction, on every
 * dialect: both rows, or neither when the account cannot be linked.
 */
import type { AdapterAccount, AdapterUser } from "@portcullis/core/adapters";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshDatabase, sqliteFile, type TestDatabase } from "./databases";

const databases: [string, () => TestDatabase][] = [
  ["SQLite", sqliteFile],
  ["PostgreSQL", () => freshDatabase(inject("postgresUrl"))],
  ["MariaDB", () => freshDatabase(inject("mariadbUrl"))],
];

function newUser(): AdapterUser {
  const id = crypto.randomUUID();
  return { id, email: `${id}@example.com`, emailVerified: null, name: "New" };
}

function accountFor(user: AdapterUser, providerAccountId: string): AdapterAccount {
  return {
    userId: user.id,
    type: "oauth",
    provider: "idp",
    providerAccountId,
    access_token: "at",
    token_type: "bearer",
  };
}

describe.each(databases)("createUserWithAccount on %s", (_name, open) => {
  const database = open();
  const adapter = SqlAdapter(database.db);
  beforeAll(async () => {
    await database.create?.();
    await migrate(database.db);
  });
  afterAll(database.close);

  it("stores the user and the account linked to it", async () => {
    const user = newUser();
    const created = await adapter.createUserWithAccount!(user, accountFor(user, `acct-${user.id}`));
    expect(created).toMatchObject({ id: user.id, email: user.email });
    expect(
      await adapter.getUserByAccount!({ provider: "idp", providerAccountId: `acct-${user.id}` }),
    ).toMatchObject({
      id: user.id,
    });
  });

  it("stores neither row when the account is already linked elsewhere", async () => {
    const first = newUser();
    await adapter.createUserWithAccount!(first, accountFor(first, `taken-${first.id}`));
    const second = newUser();
    await expect(
      adapter.createUserWithAccount!(second, accountFor(second, `taken-${first.id}`)),
    ).rejects.toThrow();
    expect(await adapter.getUser!(second.id)).toBeNull();
    expect(await adapter.getUserByEmail!(second.email)).toBeNull();
  });
});
