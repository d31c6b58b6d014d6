/**
 * A database made by `migrate` stays usable by Auth.js's own Kysely adapter, so an app can move
 * back: rows written by either adapter read back through the other, on real SQLite and on the
 * test run's real PostgreSQL and MariaDB.
 */

import { KyselyAdapter } from "@auth/kysely-adapter";
import type { Adapter } from "@portcullis/core/adapters";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { freshDatabase, sqliteFile, type TestDatabase } from "./databases";

const databases: [string, () => TestDatabase][] = [
  ["SQLite", sqliteFile],
  ["PostgreSQL", () => freshDatabase(inject("postgresUrl"))],
  ["MariaDB", () => freshDatabase(inject("mariadbUrl"))],
];

const EXPIRES = new Date("2031-02-03T04:05:06.000Z");

/** A user with an account, a session and a verification token, written through `writer`. */
async function writeEverything(writer: Adapter) {
  const id = crypto.randomUUID();
  const user = await writer.createUser!({
    id,
    email: `${id}@example.test`,
    emailVerified: EXPIRES,
    name: "Ada",
    image: null,
  });
  const account = {
    userId: user.id,
    type: "oidc" as const,
    provider: "rollback",
    providerAccountId: id,
    access_token: `access-${id}`,
    expires_at: 1_956_000_000,
    token_type: "bearer" as const,
    scope: "openid",
  };
  await writer.linkAccount!(account);
  const session = { sessionToken: `session-${id}`, userId: user.id, expires: EXPIRES };
  await writer.createSession!(session);
  const token = { identifier: user.email, token: `token-${id}`, expires: EXPIRES };
  await writer.createVerificationToken!(token);
  return { user, account, session, token };
}

/** Reads everything `writeEverything` wrote back through `reader`. */
async function readEverything(reader: Adapter, written: Awaited<ReturnType<typeof writeEverything>>) {
  const { user, account, session, token } = written;
  expect(await reader.getUserByAccount!(account)).toMatchObject({ id: user.id, email: user.email });
  expect((await reader.getUser!(user.id))?.emailVerified).toEqual(EXPIRES);
  const found = await reader.getSessionAndUser!(session.sessionToken);
  expect(found?.session).toMatchObject({
    sessionToken: session.sessionToken,
    userId: user.id,
    expires: EXPIRES,
  });
  expect(found?.user).toMatchObject({ id: user.id, email: user.email });
  expect(await reader.useVerificationToken!(token)).toMatchObject({ ...token, expires: EXPIRES });
  await reader.deleteSession!(session.sessionToken);
  expect(await reader.getSessionAndUser!(session.sessionToken)).toBeNull();
}

describe.each(databases)("a migrate-made database shared with Auth.js's Kysely adapter on %s", (_, open) => {
  const database = open();
  const ours = SqlAdapter(database.db);
  // Auth.js's adapter types its own Database interface; the instance is the same one.
  const theirs = KyselyAdapter(database.db as Parameters<typeof KyselyAdapter>[0]) as Adapter;
  beforeAll(async () => {
    await database.create();
    await migrate(database.db);
  });
  afterAll(() => database.close());

  test("rows written by Auth.js's Kysely adapter read back through SqlAdapter (moving to Portcullis)", async () => {
    await readEverything(ours, await writeEverything(theirs));
  });

  test("after moving back, Auth.js's Kysely adapter reads SqlAdapter's rows and signs the same user in again", async () => {
    const written = await writeEverything(ours);
    await readEverything(theirs, written);
    // A sign-in after the move back: a new linked account and a new session, ids left to the database.
    const again = { ...written.account, provider: "rollback-again" };
    await theirs.linkAccount!(again);
    await theirs.createSession!({
      sessionToken: `again-${written.user.id}`,
      userId: written.user.id,
      expires: EXPIRES,
    });
    expect(await theirs.getUserByAccount!(again)).toMatchObject({ id: written.user.id });
    expect((await theirs.getSessionAndUser!(`again-${written.user.id}`))?.user.id).toBe(written.user.id);
  });
});
