import { runAdapterTests } from "@portcullis/adapter-testing";
import { InvalidConfiguration } from "@portcullis/core/errors";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import Database from "better-sqlite3";
import {
  DummyDriver,
  Kysely,
  MssqlAdapter,
  MssqlIntrospector,
  MssqlQueryCompiler,
  SqliteDialect,
} from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqliteFile } from "./databases";
import { directReaders } from "./direct-readers";

const sqlite = sqliteFile();

runAdapterTests({
  name: "SqlAdapter on SQLite",
  adapter: SqlAdapter(sqlite.db),
  sessionDetails: true,
  db: { connect: () => migrate(sqlite.db), disconnect: sqlite.close, ...directReaders(sqlite.db) },
});

const custom = sqliteFile();
const tables = {
  user: "users",
  account: "accounts",
  session: "sessions",
  verificationToken: "verification_tokens",
  authenticator: "authenticators",
};

runAdapterTests({
  name: "SqlAdapter on SQLite with custom table names",
  adapter: SqlAdapter(custom.db, { tables }),
  sessionDetails: true,
  db: {
    connect: () => migrate(custom.db, { tables }),
    disconnect: custom.close,
    ...directReaders(custom.db, tables),
  },
});

test("SqlAdapter has the session-control methods, so the suite runs their cases instead of skipping them", () => {
  const adapter = SqlAdapter(sqlite.db);
  expect(typeof adapter.listSessionsByUser).toBe("function");
  expect(typeof adapter.deleteSessionsByUser).toBe("function");
});

describe("SQLite storage", () => {
  const file = sqliteFile();
  const adapter = SqlAdapter(file.db);
  beforeAll(() => migrate(file.db));
  afterAll(file.close);

  test("dates are stored as ISO 8601 text in UTC and booleans as 0 or 1", async () => {
    const id = crypto.randomUUID();
    const emailVerified = new Date("2030-01-02T03:04:05.678Z");
    await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified });
    await adapter.createAuthenticator!({
      credentialID: id,
      userId: id,
      providerAccountId: id,
      credentialPublicKey: "key",
      counter: 1,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: true,
    });
    const user = await file.db
      .selectFrom("User")
      .select("emailVerified")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(user?.emailVerified).toBe("2030-01-02T03:04:05.678Z");
    const authenticator = await file.db
      .selectFrom("Authenticator")
      .select("credentialBackedUp")
      .where("credentialID", "=", id)
      .executeTakeFirst();
    expect(authenticator?.credentialBackedUp).toBe(1);
  });

  test("session details are stored as ISO 8601 text in UTC and the User-Agent as given", async () => {
    const id = crypto.randomUUID();
    await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null });
    const createdAt = new Date("2030-01-02T03:04:05.678Z");
    await adapter.createSession!({
      sessionToken: id,
      userId: id,
      expires: new Date("2031-01-01T00:00:00.000Z"),
      createdAt,
      lastSeenAt: createdAt,
      userAgent: "Mozilla/5.0 (SQLite test)",
    });
    const session = await file.db
      .selectFrom("Session")
      .select(["createdAt", "lastSeenAt", "userAgent"])
      .where("sessionToken", "=", id)
      .executeTakeFirst();
    expect(session).toEqual({
      createdAt: "2030-01-02T03:04:05.678Z",
      lastSeenAt: "2030-01-02T03:04:05.678Z",
      userAgent: "Mozilla/5.0 (SQLite test)",
    });
  });

  test("dates stored by other tools as epoch milliseconds or SQLite datetime text read back as Dates", async () => {
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await file.db
      .insertInto("User")
      .values([
        { id: a, email: `${a}@example.test`, emailVerified: Date.UTC(2030, 0, 2, 3, 4, 5) },
        { id: b, email: `${b}@example.test`, emailVerified: "2030-01-02 03:04:05" },
      ])
      .execute();
    expect((await adapter.getUser!(a))?.emailVerified?.toISOString()).toBe("2030-01-02T03:04:05.000Z");
    expect((await adapter.getUser!(b))?.emailVerified?.toISOString()).toBe("2030-01-02T03:04:05.000Z");
  });

  test("extra columns of an extended user table come back from reads", async () => {
    const extended = sqliteFile();
    try {
      await migrate(extended.db);
      await extended.db.schema
        .alterTable("User")
        .addColumn("role", "text", (c) => c.defaultTo("member"))
        .execute();
      const id = crypto.randomUUID();
      await SqlAdapter(extended.db).createUser!({ id, email: `${id}@example.test`, emailVerified: null });
      expect(await SqlAdapter(extended.db).getUser!(id)).toMatchObject({ id, role: "member" });
    } finally {
      await extended.close();
    }
  });

  test("the database's columns are read from the catalog once per adapter, not on every write", async () => {
    const dir = sqliteFile();
    const catalogQueries: string[] = [];
    // Kysely's query log, not a mock: it reports every statement the real database ran.
    const db = new Kysely<Record<string, never>>({
      dialect: new SqliteDialect({ database: new Database(dir.url) }),
      log: (event) => {
        if (event.query.sql.includes("sqlite_master")) catalogQueries.push(event.query.sql);
      },
    });
    try {
      await migrate(db);
      const counted = SqlAdapter(db);
      const write = async () => {
        const id = crypto.randomUUID();
        await counted.createUser!({ id, email: `${id}@example.test`, emailVerified: null });
        await counted.createSession!({ sessionToken: id, userId: id, expires: new Date("2031-01-01") });
      };
      await write();
      const afterFirst = catalogQueries.length;
      await write();
      await write();
      expect(afterFirst).toBeGreaterThan(0);
      expect(catalogQueries).toHaveLength(afterFirst);
    } finally {
      await db.destroy();
      await dir.close();
    }
  });

  test("SqlAdapter rejects a Kysely instance of an unsupported dialect", () => {
    const mssql = new Kysely({
      dialect: {
        createAdapter: () => new MssqlAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new MssqlIntrospector(db),
        createQueryCompiler: () => new MssqlQueryCompiler(),
      },
    });
    expect(() => SqlAdapter(mssql)).toThrow(InvalidConfiguration);
  });

  test("SqlAdapter names a second copy of kysely when given a dialect of that copy", () => {
    // What an app gets when npm installs its own kysely beside the adapter's: the same class
    // names, other classes, so `instanceof` fails.
    class PostgresAdapter extends MssqlAdapter {}
    const elsewhere = new Kysely({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new MssqlIntrospector(db),
        createQueryCompiler: () => new MssqlQueryCompiler(),
      },
    });
    expect(() => SqlAdapter(elsewhere)).toThrow(/another copy of kysely.*npm ls kysely/);
  });
});
