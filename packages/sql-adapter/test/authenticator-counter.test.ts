/**
 * `updateAuthenticatorCounter` never moves a passkey's counter backwards, on SQLite, PostgreSQL
 * and MariaDB: one conditional UPDATE writes the counter only when it is greater than the stored
 * one, and the row is answered as stored. Once, of two sign-ins in flight (a passkey at 10 and
 * its clone at 5) the later write won and the counter ended at 5; and the core could not tell
 * that its counter was not the stored one. An equal counter (synced passkeys stay at 0) writes
 * nothing and is answered as it is. When the UPDATE wrote no row (the driver's count of affected
 * rows), the answer carries the COUNTER_NOT_WRITTEN mark, so the core can refuse a clone that
 * signs in with the very counter its twin stored (an equal counter answered as stored looked like
 * its own write); a driver that reports no count leaves it unmarked, as before.
 */
import { type Adapter, COUNTER_NOT_WRITTEN } from "@portcullis/core/adapters";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freshDatabase, sqliteFile, type TestDatabase } from "./databases";

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

async function adapterOn(open: () => TestDatabase, plugin?: KyselyPlugin): Promise<Required<Adapter>> {
  const database = open();
  opened.push(database);
  await database.create();
  await migrate(database.db);
  return SqlAdapter(plugin ? database.db.withPlugin(plugin) : database.db) as Required<Adapter>;
}

const marked = (row: object) => (row as { [COUNTER_NOT_WRITTEN]?: true })[COUNTER_NOT_WRITTEN] === true;

/** A driver, as some are, that reports no count of affected rows. */
const noRowCounts: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => ({
    rows: result.rows,
  }),
};

async function withPasskey(adapter: Required<Adapter>, counter: number): Promise<string> {
  const id = crypto.randomUUID();
  await adapter.createUser({ id, email: `${id}@example.test`, emailVerified: null });
  await adapter.createAuthenticator({
    credentialID: id,
    userId: id,
    providerAccountId: id,
    credentialPublicKey: "key",
    counter,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
    transports: null,
  });
  return id;
}

const databases: [string, () => TestDatabase][] = [
  ["SQLite", sqliteFile],
  ["PostgreSQL", () => freshDatabase(inject("postgresUrl"))],
  ["MariaDB", () => freshDatabase(inject("mariadbUrl"))],
];

describe.each(databases)(
  "SqlAdapter on %s: the authenticator counter never goes backwards",
  (_name, open) => {
    it("does not write a lower counter, and answers the stored row", async () => {
      const adapter = await adapterOn(open);
      const id = await withPasskey(adapter, 0);
      expect((await adapter.updateAuthenticatorCounter(id, 10)).counter).toBe(10);
      expect((await adapter.updateAuthenticatorCounter(id, 5)).counter).toBe(10);
      expect((await adapter.getAuthenticator(id))?.counter).toBe(10);
    });

    it("answers an equal counter as stored: a synced passkey stays at 0", async () => {
      const adapter = await adapterOn(open);
      const id = await withPasskey(adapter, 0);
      expect((await adapter.updateAuthenticatorCounter(id, 0)).counter).toBe(0);
      expect((await adapter.updateAuthenticatorCounter(id, 0)).counter).toBe(0);
    });

    it("ends at the highest of concurrent updates, and no answer holds less than its own counter", async () => {
      const adapter = await adapterOn(open);
      const id = await withPasskey(adapter, 0);
      const counters = Array.from({ length: 30 }, (_, i) => ((i * 7) % 30) + 1);
      const answered = await Promise.all(
        counters.map((counter) => adapter.updateAuthenticatorCounter(id, counter)),
      );
      for (const [i, row] of answered.entries()) expect(row.counter).toBeGreaterThanOrEqual(counters[i]!);
      expect((await adapter.getAuthenticator(id))?.counter).toBe(30);
    });

    it("marks the answer when the counter, equal or lower, was not written", async () => {
      const adapter = await adapterOn(open);
      const id = await withPasskey(adapter, 0);
      const first = await adapter.updateAuthenticatorCounter(id, 7);
      expect([Number(first.counter), marked(first)]).toEqual([7, false]);
      const same = await adapter.updateAuthenticatorCounter(id, 7);
      expect([Number(same.counter), marked(same)]).toEqual([7, true]);
      expect(marked(await adapter.updateAuthenticatorCounter(id, 3))).toBe(true);
      expect(marked(await adapter.updateAuthenticatorCounter(id, 8))).toBe(false);
      expect(marked((await adapter.getAuthenticator(id))!)).toBe(false);
      // Unmarked when the driver reports no count: the core then judges by the counter alone.
      const uncounted = await adapterOn(open, noRowCounts);
      const other = await withPasskey(uncounted, 7);
      expect(marked(await uncounted.updateAuthenticatorCounter(other, 7))).toBe(false);
    });

    it("of one counter written at once by two sign-ins, marks exactly one answer", async () => {
      const adapter = await adapterOn(open);
      const id = await withPasskey(adapter, 4);
      const answers = await Promise.all([
        adapter.updateAuthenticatorCounter(id, 9),
        adapter.updateAuthenticatorCounter(id, 9),
      ]);
      expect(answers.map((row) => Number(row.counter))).toEqual([9, 9]);
      expect(answers.map(marked).sort()).toEqual([false, true]);
    });

    it("still refuses an unknown credential id", async () => {
      const adapter = await adapterOn(open);
      await expect(adapter.updateAuthenticatorCounter(crypto.randomUUID(), 1)).rejects.toThrow(
        /no authenticator has this credential id/,
      );
    });
  },
);
