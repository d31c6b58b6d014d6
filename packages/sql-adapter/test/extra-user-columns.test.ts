/**
 * Columns an app adds to the user table (Auth.js's role-based access guide adds `role` and returns
 * it from the provider's `profile` callback) are written by `createUser`, `createUserWithAccount`
 * and `updateUser`, as Auth.js's adapters write them; fields without a column, and values no
 * column holds as given, are left out rather than failing the sign-in. Checked on every database,
 * and end to end with an OpenID Connect sign-up against a real OpenID Provider.
 */

import { Auth, type AuthConfig } from "@portcullis/core";
import type { Adapter, AdapterUser } from "@portcullis/core/adapters";
import OAuth from "@portcullis/core/providers/oauth";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { startOpenIdProvider, TestClient, type TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshDatabase, sqliteFile, type TestDatabase } from "./databases";

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

/** The schema `migrate` makes, plus an app's own user columns. */
async function extendedAdapter(open: () => TestDatabase): Promise<Required<Adapter>> {
  const database = open();
  opened.push(database);
  await database.create();
  await migrate(database.db);
  await database.db.schema
    .alterTable("User")
    .addColumn("role", "varchar(32)", (column) => column.notNull().defaultTo("member"))
    .execute();
  await database.db.schema.alterTable("User").addColumn("level", "integer").execute();
  return SqlAdapter(database.db) as Required<Adapter>;
}

const user = (id: string, extra: Record<string, unknown>) =>
  ({ id, email: `${id}@example.test`, emailVerified: null, ...extra }) as AdapterUser;

const databases: [string, () => TestDatabase][] = [
  ["SQLite", sqliteFile],
  ["PostgreSQL", () => freshDatabase(inject("postgresUrl"))],
  ["MariaDB", () => freshDatabase(inject("mariadbUrl"))],
];

describe.each(databases)("SqlAdapter on %s with an extended user table", (_name, open) => {
  let adapter: Required<Adapter>;
  beforeAll(async () => {
    adapter = await extendedAdapter(open);
  });

  it("createUser writes the app's fields that have a column, and answers them", async () => {
    const created = await adapter.createUser(user("ada", { role: "admin", level: 3 }));
    expect(created).toMatchObject({ role: "admin", level: 3 });
    expect(await adapter.getUser("ada")).toMatchObject({ id: "ada", role: "admin", level: 3 });
  });

  it("createUserWithAccount writes them too", async () => {
    await adapter.createUserWithAccount(user("bob", { role: "editor" }), {
      userId: "bob",
      type: "oidc",
      provider: "idp",
      providerAccountId: "bob",
    });
    expect(await adapter.getUserByAccount({ provider: "idp", providerAccountId: "bob" })).toMatchObject({
      role: "editor",
    });
  });

  it("updateUser changes them", async () => {
    await adapter.createUser(user("cy", {}));
    expect(await adapter.getUser("cy")).toMatchObject({ role: "member" });
    const change = { id: "cy", role: "admin" };
    expect(await adapter.updateUser(change)).toMatchObject({ role: "admin" });
    expect(await adapter.getUser("cy")).toMatchObject({ role: "admin" });
  });

  // Each row: a field of the user object that is not written, and why.
  const notWritten: [string, Record<string, unknown>][] = [
    ["a field without a column", { nickname: "dee" }],
    ["an object where the column is text", { role: { name: "admin" } }],
    ["an array where the column is text", { role: ["admin"] }],
    ["a number that is not finite", { level: Number.POSITIVE_INFINITY }],
    ["an invalid date", { level: new Date(Number.NaN) }],
  ];
  it.each(notWritten)(
    "%s is left out: the user is created with the column's default",
    async (_case, extra) => {
      const id = crypto.randomUUID();
      await expect(adapter.createUser(user(id, extra))).resolves.toMatchObject({ id });
      const stored = await adapter.getUser(id);
      expect(stored).toMatchObject({ role: "member", level: null });
      expect(stored).not.toHaveProperty("nickname");
    },
  );

  it("the adapter's own bookkeeping columns are not taken from the user object", async () => {
    await adapter.createUser(user("eve", { createdAt: "not a date", updatedAt: "not a date" }));
    expect(await adapter.getUser("eve")).toMatchObject({ id: "eve", role: "member" });
  });
});

describe("an OpenID Connect sign-up whose profile callback returns a role", () => {
  let idp: TestOpenIdProvider;
  beforeAll(async () => {
    idp = await startOpenIdProvider({
      clients: [
        {
          client_id: "role-app",
          client_secret: "role-app-secret",
          redirect_uris: ["http://localhost:3000/auth/callback/idp"],
        },
      ],
      accounts: [{ sub: "grace", email: "grace@example.test", email_verified: true, name: "Grace" }],
    });
  });
  afterAll(() => idp?.stop());

  it("stores the role, and the session callback sees it on the user", async () => {
    const adapter = await extendedAdapter(sqliteFile);
    const config: AuthConfig = {
      secret: "test-secret-with-at-least-thirty-two-chars",
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      providers: [
        OAuth({
          id: "idp",
          name: "Test IdP",
          type: "oidc",
          issuer: idp.issuer,
          clientId: "role-app",
          clientSecret: "role-app-secret",
          profile: (profile) => ({
            id: profile.sub,
            email: profile.email,
            name: profile.name,
            role: "admin",
          }),
        }),
      ],
      callbacks: {
        session: (params) => {
          if ("user" in params)
            Object.assign(params.session.user, { role: (params.user as { role?: string }).role });
          return params.session;
        },
      },
    };
    const client = new TestClient((request) => Auth(request, config));
    const started = await client.post("/auth/signin/idp", {
      form: { csrfToken: await client.csrfToken(), callbackUrl: "/" },
    });
    const outcome = await idp.authorize(started.headers.get("location")!);
    if (outcome.kind !== "redirect") throw new Error("expected a redirect back from the provider");
    expect((await client.get(outcome.url)).status).toBe(302);

    expect(await client.session()).toMatchObject({ user: { email: "grace@example.test", role: "admin" } });
    expect(await adapter.getUserByAccount({ provider: "idp", providerAccountId: "grace" })).toMatchObject({
      role: "admin",
    });
  });
});
