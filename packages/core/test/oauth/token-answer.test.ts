/**
 * What the token endpoint answers at sign-in is checked before it reaches the account row, as at
 * a refresh: an `expires_in` that is no believable lifetime (over ten years) ends the sign-in,
 * `expires_at` is whole seconds, and token fields of the wrong type (an object `session_state`)
 * are not stored, so a broken answer is never blamed on the database.
 */
import type { Adapter } from "@portcullis/core";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type HostileIdp, signInWith, startHostileIdp } from "./hostile-idp";

let idp: HostileIdp;
beforeAll(async () => {
  idp = await startHostileIdp();
});
afterAll(() => idp.stop());

const TEN_YEARS = 10 * 365 * 24 * 60 * 60;

async function storedAccount(adapter: Adapter) {
  return adapter.getAccount!("alice", "op");
}

describe("the token answer at sign-in", () => {
  it("an expires_in of 1e300 never becomes an account that never expires", async () => {
    const { adapter } = await signInWith(idp, async (nonce) => ({
      access_token: "at",
      token_type: "Bearer",
      expires_in: 1e300,
      id_token: await idp.idToken({ nonce }),
    }));
    const account = await storedAccount(adapter);
    // Either the answer is refused (no account) or no unbelievable expiry is stored.
    if (account?.expires_at !== undefined) {
      expect(Number.isSafeInteger(account.expires_at)).toBe(true);
      expect(account.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + TEN_YEARS);
    }
  });

  it("a fractional expires_in is stored as whole seconds, as the refresh path does", async () => {
    const { adapter, landed } = await signInWith(idp, async (nonce) => ({
      access_token: "at",
      token_type: "Bearer",
      expires_in: 3599.5,
      id_token: await idp.idToken({ nonce }),
    }));
    expect(landed).toBe("/dashboard");
    const account = await storedAccount(adapter);
    expect(Number.isInteger(account?.expires_at)).toBe(true);
  });

  it("a session_state that is not a string is not stored on the account", async () => {
    const { adapter } = await signInWith(idp, async (nonce) => ({
      access_token: "at",
      token_type: "Bearer",
      session_state: { planted: ["x"] },
      id_token: await idp.idToken({ nonce }),
    }));
    const account = await storedAccount(adapter);
    if (account) expect(["string", "undefined"]).toContain(typeof account.session_state);
  });

  describe("on a SQL database", () => {
    let db: Kysely<unknown>;
    beforeAll(async () => {
      db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
      await migrate(db);
    });
    afterAll(() => db.destroy());

    it("a session_state object from the provider is not blamed on the adapter", async () => {
      const { errors } = await signInWith(
        idp,
        async (nonce) => ({
          access_token: "at",
          token_type: "Bearer",
          session_state: { planted: true },
          // The schema's users need an address.
          id_token: await idp.idToken({ nonce, email: "alice@example.test" }),
        }),
        { adapter: SqlAdapter(db) },
      );
      // Today: linkAccount throws binding the object, logged as AdapterError ("Configuration").
      expect(errors.filter((e) => e.startsWith("AdapterError"))).toEqual([]);
    });
  });
});
