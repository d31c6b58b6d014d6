/**
 * Strings an identity provider (or a visitor) controls, reaching SQLite, PostgreSQL and MariaDB
 * through the SQL adapter over HTTP: NULs, unpaired surrogates, values wider than MariaDB's
 * columns, a Microsoft Entra ID photo over 64 KiB. The same input must get the same answer on every
 * database, and the memory adapter is the reference: whatever the library decides about a value
 * (store it, clean it, refuse it with a clear error), it must not depend on the column type, and a
 * database refusing it must never surface as `AdapterError` / `error=Configuration`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Adapter, OAuth2Config } from "@portcullis/core";
import MicrosoftEntraID, { graphBaseUrl } from "@portcullis/core/providers/microsoft-entra-id";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { emailApp, requestLink } from "../../core/test/email/helpers";
import { browser, location, oauthConfig, startSignIn } from "../../core/test/oauth/helpers";
import { type HostileIdp, hostileProvider, json, startHostileIdp } from "../../core/test/oauth/hostile-idp";
import { freshDatabase, sqliteFile, type TestDatabase } from "./databases";

const opened: TestDatabase[] = [];
let idp: HostileIdp;
let sink: SmtpSink;
let graph: Server;
let graphBase = "";
/** A JPEG-sized photo as Graph serves a 648x648 one: 90 KB. */
const BIG_PHOTO = Buffer.alloc(90_000, 7);

beforeAll(async () => {
  idp = await startHostileIdp();
  sink = await startSmtpSink();
  graph = createServer((_req, res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(BIG_PHOTO));
  await new Promise<void>((resolve) => graph.listen(0, "127.0.0.1", resolve));
  graphBase = `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v1.0`;
});
afterAll(async () => {
  await idp.stop();
  await sink.stop();
  await new Promise((resolve) => graph.close(resolve));
  await Promise.all(opened.map((database) => database.close()));
});

const DATABASES = {
  SQLite: sqliteFile,
  PostgreSQL: () => freshDatabase(inject("postgresUrl")),
  MariaDB: () => freshDatabase(inject("mariadbUrl")),
} as const;
type Db = keyof typeof DATABASES;

async function sqlAdapter(name: Db | "memory"): Promise<Adapter> {
  if (name === "memory") return MemoryAdapter();
  const database = DATABASES[name]();
  opened.push(database);
  await database.create();
  await migrate(database.db);
  return SqlAdapter(database.db);
}

/** One OAuth sign-in whose userinfo answers `userinfo`; where it landed and what was logged. */
async function signIn(adapter: Adapter, userinfo: unknown, provider: Partial<OAuth2Config> = {}) {
  idp.userinfo = json(userinfo);
  const config = oauthConfig([hostileProvider(idp, provider)], { adapter });
  const client = browser(config);
  await startSignIn(client, "evil");
  const landed = location(await client.get("/auth/callback/evil?code=abc"));
  return {
    landed: `${landed.pathname}${landed.search}`,
    errors: config.recorded.errors.map((e) => e.name),
    session: (await client.session()) as { user?: Record<string, unknown> } | null,
  };
}

describe("a NUL character in the provider's profile", () => {
  it.each(["PostgreSQL"] as const)(
    "on %s: the sign-in ends as on the memory adapter, and the database is not blamed",
    async (db) => {
      const profile = { sub: "nul-1", email: "nul-1@evil.test", name: "Mal\u0000lory" };
      const reference = await signIn(await sqlAdapter("memory"), profile);
      const outcome = await signIn(await sqlAdapter(db), profile);
      expect(outcome.errors).not.toContain("AdapterError");
      expect(outcome.landed).toBe(reference.landed);
    },
  );
});

describe("a lone surrogate in the provider's user id", () => {
  it.each(["SQLite", "PostgreSQL", "MariaDB"] as const)(
    "on %s: the user who signed up signs in again as the same user",
    async (db) => {
      const adapter = await sqlAdapter(db);
      const profile = { sub: "lone-\ud800", email: "lone@evil.test", name: "Lone" };
      const first = await signIn(adapter, profile);
      const second = await signIn(adapter, profile);
      // Either refused from the start (a clear answer), or the same user both times: never an
      // account that can be created but never used again.
      if (first.landed === "/dashboard") {
        expect(second.errors).toEqual([]);
        expect(second.landed).toBe("/dashboard");
        expect(second.session?.user?.email).toBe("lone@evil.test");
      } else {
        expect(first.errors).not.toContain("AdapterError");
      }
    },
  );
});

describe("a lone surrogate in the provider's name", () => {
  it.each(["SQLite", "PostgreSQL", "MariaDB"] as const)(
    "on %s: the stored name is what the memory adapter stores, not a silent replacement",
    async (db) => {
      const profile = { sub: "ls-name", email: "ls-name@evil.test", name: "Ada\ud83d Lovelace" };
      const reference = await signIn(await sqlAdapter("memory"), profile);
      const adapter = await sqlAdapter(db);
      const outcome = await signIn(adapter, profile);
      expect(outcome.landed).toBe(reference.landed);
      const stored = await adapter.getUserByEmail!("ls-name@evil.test");
      expect(stored?.name).toBe(reference.session?.user?.name);
    },
  );
});

describe("values wider than MariaDB's columns (varchar(255), text = 64 KB)", () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ["a 300-character provider user id", { sub: "s".repeat(300), email: "wide-sub@evil.test" }],
    ["a 300-character email", { sub: "wide-email", email: `${"e".repeat(64)}@${"d".repeat(231)}.test` }],
    ["a 70 KB name", { sub: "wide-name", email: "wide-name@evil.test", name: "n".repeat(70_000) }],
  ];
  it.each(cases)("%s gets the answer PostgreSQL gives, never AdapterError", async (_name, profile) => {
    const reference = await signIn(await sqlAdapter("PostgreSQL"), profile);
    const outcome = await signIn(await sqlAdapter("MariaDB"), profile);
    expect(outcome.errors).not.toContain("AdapterError");
    expect(outcome.landed).toBe(reference.landed);
  });

  it("a Microsoft Entra ID user with a 648x648 Graph photo (a data URL over 64 KB) signs in on MariaDB", async () => {
    const entra = MicrosoftEntraID({ profilePhotoSize: 648, [graphBaseUrl]: graphBase });
    const profile = { sub: "entra-1", email: "ada@contoso.test", name: "Ada" };
    const outcome = await signIn(await sqlAdapter("MariaDB"), profile, {
      profile: entra.profile as OAuth2Config["profile"],
    });
    expect(outcome.errors).toEqual([]);
    expect(outcome.landed).toBe("/dashboard");
  });
});

describe("a magic-link address the form accepts but MariaDB's varchar(255) cannot hold", () => {
  // 300 characters: under the library's 320-character limit, so the form accepts it.
  const address = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(38)}.test`;

  it("is answered on MariaDB as on PostgreSQL, never with error=Configuration", async () => {
    expect(address.length).toBe(300);
    const outcomes: Record<string, { landed: string; errors: string[] }> = {};
    for (const db of ["PostgreSQL", "MariaDB"] as const) {
      const app = emailApp(sink, { adapter: await sqlAdapter(db) });
      const response = await requestLink(app.browser(), address);
      outcomes[db] = {
        landed: response.headers.get("location") ?? "",
        errors: app.errors.map((e) => e.name),
      };
    }
    expect(outcomes.MariaDB!.errors).not.toContain("AdapterError");
    expect(outcomes.MariaDB!.landed).toBe(outcomes.PostgreSQL!.landed);
  });
});
