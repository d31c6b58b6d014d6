/**
 * Two first sign-ins of one OAuth account at the same moment (two tabs, a double-submitted
 * callback, two server processes): both find the account unknown and create a user, and the
 * database's unique keys (on the account's provider and id, and here on the email) refuse the
 * second. The second then signs in as the user the first created, as it would have a moment
 * later, rather than ending on the error page; only a failure with nobody holding the account
 * stays an error. Likewise two links of one new account to the signed-in user (two tabs): the
 * link the database refused goes on, the account being linked to that user already. Runs the
 * SQL adapter on SQLite against the real OpenID Provider.
 */
import type { Adapter, AuthConfig } from "@portcullis/core";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import type { TestAccount, TestOpenIdProvider } from "@portcullis/testkit";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  browser,
  location,
  ORIGIN,
  oauthConfig,
  oidcProvider,
  owner,
  providerAnswer,
  signInThrough,
  startIdp,
  startSignIn,
} from "./helpers";

/** The SQL schema needs an email; the second user breaks its unique key too, then. */
const DANA: TestAccount = { sub: "dana", email: "dana@example.test", email_verified: true, name: "Dana" };
/** Dana's second account at the provider, which she links to her user while signed in. */
const DANA_WORK: TestAccount = {
  sub: "dana-work",
  email: "dana@work.example",
  email_verified: true,
  name: "Dana",
};

let idp: TestOpenIdProvider;
let db: Kysely<unknown>;
beforeAll(async () => {
  idp = await startIdp({ accounts: [DANA, DANA_WORK] });
});
afterAll(() => idp.stop());
afterEach(() => db?.destroy());

async function sqlite(): Promise<Adapter> {
  db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
  await migrate(db);
  return SqlAdapter(db);
}

/** The adapter, with its first `parties` getUserByAccount answers held until all have asked. */
function racing(adapter: Adapter, parties: number): Adapter {
  let waiting = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    ...adapter,
    getUserByAccount: async (key) => {
      const found = await adapter.getUserByAccount!(key);
      if (++waiting === parties) release();
      await all;
      return found;
    },
  };
}

/**
 * Browsers back from the provider as `sub`, their callbacks sent at once to their own configs.
 * Each starts with the cookies given (a session, for a link).
 */
async function racingCallbacks(configs: AuthConfig[], sub = "dana", cookies: [string, string][] = []) {
  const browsers = configs.map((config) => browser(config));
  const callbacks: string[] = [];
  for (const client of browsers) {
    for (const [name, value] of cookies) client.jar.set(name, value);
    const started = await startSignIn(client, "idp", { callbackUrl: "/" });
    callbacks.push((await providerAnswer(idp, location(started), { sub })).url);
  }
  const responses = await Promise.all(browsers.map((client, i) => client.get(callbacks[i]!)));
  return { browsers, responses };
}

function config(adapter: Adapter) {
  return oauthConfig([oidcProvider(idp)], { adapter, session: { strategy: "database" } });
}

describe("two first sign-ins of one OAuth account at once", () => {
  it("make one user, and the sign-in the database refused signs in as that user", async () => {
    const adapter = racing(await sqlite(), 2);
    const configs = [config(adapter), config(adapter)];
    const { browsers, responses } = await racingCallbacks(configs);
    for (const response of responses) expect(response.headers.get("location")).toBe(`${ORIGIN}/`);

    const owner = await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "dana" });
    expect(
      await db
        .selectFrom("User" as never)
        .selectAll()
        .execute(),
    ).toHaveLength(1);
    for (const client of browsers) {
      const token = client.jar.get("authjs.session-token") ?? "";
      expect((await adapter.getSessionAndUser!(token))?.user.id).toBe(owner!.id);
    }
    const events = configs.flatMap((c) => c.recorded.events);
    expect(events.filter((e) => e.name !== "signIn").map((e) => e.name)).toEqual([
      "createUser",
      "linkAccount",
    ]);
    expect(
      events
        .filter((e) => e.name === "signIn")
        .map((e) => e.message.isNewUser)
        .sort(),
    ).toEqual([false, true]);
    expect(configs.flatMap((c) => c.recorded.errors)).toEqual([]);
  });

  it("a first sign-in whose user cannot be stored for another reason still ends on the error page", async () => {
    const adapter: Adapter = {
      ...(await sqlite()),
      createUserWithAccount: () => Promise.reject(new Error("disk full")),
    };
    const cfg = config(adapter);
    const { browsers, responses } = await racingCallbacks([cfg]);
    expect(responses[0]!.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(browsers[0]!.jar.get("authjs.session-token")).toBeUndefined();
    expect(cfg.recorded.errors.map((error) => error.name)).toEqual(["AdapterError"]);
  });
});

describe("two links of one new OAuth account to the signed-in user at once", () => {
  it("link it once, and the link the database refused goes on signed in as that user", async () => {
    const stored = await sqlite();
    // Dana signs in with her first account, then links her work account from two tabs at once.
    const first = browser(config(stored));
    expect(location(await signInThrough(first, idp, { sub: "dana", callbackUrl: "/" })).href).toBe(
      `${ORIGIN}/`,
    );
    const session = first.jar.get("authjs.session-token")!;
    const adapter = racing(stored, 2);
    const configs = [config(adapter), config(adapter)];
    const { responses } = await racingCallbacks(configs, "dana-work", [["authjs.session-token", session]]);
    for (const response of responses) expect(response.headers.get("location")).toBe(`${ORIGIN}/`);

    const dana = await owner(stored, "idp", "dana");
    expect((await owner(stored, "idp", "dana-work"))?.id).toBe(dana?.id);
    const events = configs.flatMap((c) => c.recorded.events).filter((e) => e.name !== "signIn");
    expect(events.map((e) => e.name)).toEqual(["linkAccount"]);
    expect(configs.flatMap((c) => c.recorded.errors)).toEqual([]);
  });
});
