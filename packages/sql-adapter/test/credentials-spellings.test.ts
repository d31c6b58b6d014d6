/**
 * The per-username limit on failed credentials sign-ins (5 per 15 minutes) holds for the account
 * the app's `authorize` finds, not for the exact text typed. Apps look users up through a
 * case-insensitive collation: MySQL/MariaDB's `*_unicode_ci` (or MySQL 8's default
 * `utf8mb4_0900_ai_ci`), PostgreSQL's nondeterministic ICU `und-u-ks-level2` (the one our docs
 * show). These ignore accents, zero-width characters, format characters and control characters:
 * `ali\u200Bce@example.com`, `alicé@example.com` and `alice@example.com\u0001` find alice's row,
 * so they count as alice, and no spelling gives fresh guesses at her password.
 *
 * Real MariaDB and PostgreSQL servers (the db project's) hold the users table, with the
 * collations Laravel, many hand-written schemas and our docs use. It lives here, beside the SQL
 * adapter's tests, because only this project starts those servers.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SECRET } from "../../core/test/auth/helpers";
import { freshDatabase, type TestDatabase } from "./databases";

const ORIGIN = "http://localhost:3000";
const REFUSED = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=rate_limited`;
const WRONG = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`;

interface UserRow {
  id: string;
  email: string;
  password: string;
}

/** A users table on one database server, in the collation its apps use. */
interface UsersTable {
  name: string;
  /** The rows whose email the database finds equal to `email`. */
  find(email: string): Promise<UserRow[]>;
  close(): Promise<void>;
}

async function mariadbUsers(): Promise<UsersTable> {
  const database = freshDatabase(inject("mariadbUrl"));
  await database.create();
  const pool = mysql.createPool(database.url);
  await pool.query(
    "CREATE TABLE users (id VARCHAR(36) PRIMARY KEY, email VARCHAR(191) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci UNIQUE, password VARCHAR(100))",
  );
  await pool.query("INSERT INTO users VALUES ('u1', 'alice@example.com', 'wonderland')");
  return {
    name: "MariaDB, utf8mb4_unicode_ci",
    find: async (email) => (await pool.query("SELECT * FROM users WHERE email = ?", [email]))[0] as UserRow[],
    close: () => closeBoth(pool.end(), database),
  };
}

async function postgresUsers(): Promise<UsersTable> {
  const database = freshDatabase(inject("postgresUrl"));
  await database.create();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await pool.query(
    "CREATE COLLATION case_insensitive (provider = icu, locale = 'und-u-ks-level2', deterministic = false)",
  );
  await pool.query(
    "CREATE TABLE users (id text PRIMARY KEY, email text COLLATE case_insensitive UNIQUE, password text)",
  );
  await pool.query("INSERT INTO users VALUES ('u1', 'alice@example.com', 'wonderland')");
  return {
    name: "PostgreSQL, ICU und-u-ks-level2",
    find: async (email) => (await pool.query("SELECT * FROM users WHERE email = $1", [email])).rows,
    close: () => closeBoth(pool.end(), database),
  };
}

async function closeBoth(pool: Promise<void>, database: TestDatabase): Promise<void> {
  await pool;
  await database.close();
}

let apps = 0;

/** An app whose authorize looks the email up in `users`, as an app on that database does. */
function app(users: UsersTable) {
  const calls: string[] = [];
  const provider = Credentials({
    credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
    authorize: async ({ email, password }) => {
      calls.push(String(email));
      const user = (await users.find(String(email)))[0];
      if (!user || user.password !== password) return null;
      return { id: user.id, email: user.email };
    },
  });
  const config: AuthConfig = {
    secret: `${SECRET}-spellings-${++apps}`,
    trustHost: true,
    providers: [provider],
    logger: { error() {}, warn() {}, debug() {} },
  };
  const browser = () => new TestClient((request) => Auth(request, config), ORIGIN);
  const attempt = async (email: string, password: string) => {
    const b = browser();
    const csrfToken = await b.csrfToken();
    const response = await b.post("/auth/callback/credentials", {
      form: { csrfToken, email, password, callbackUrl: "/dashboard" },
    });
    const location = (response.headers.get("location") ?? "").replace(/&email=[^&]*/, "");
    return { location, session: b.jar.get("authjs.session-token") };
  };
  return { calls, attempt };
}

/** Spellings both collations match to alice@example.com. */
const SPELLINGS: Array<[string, string]> = [
  ["a zero-width space", "ali\u200Bce@example.com"],
  ["two zero-width spaces", "ali\u200B\u200Bce@example.com"],
  ["a zero-width joiner", "alice@example.com\u200D"],
  ["a word joiner", "alice@exam\u2060ple.com"],
  ["a control character (U+0001)", "alice@example.com\u0001"],
  ["a control character (U+007F)", "ali\u007Fce@example.com"],
  ["a C1 control character (U+0086)", "alice@example.com\u0086"],
  ["a format character (U+0600)", "alice\u0600@example.com"],
  ["a format character (U+FFF9)", "alice@example.com\uFFF9"],
];

/** Spellings an accent-insensitive collation (MariaDB's) also matches. */
const ACCENTED: Array<[string, string]> = [
  ["an accented letter", "alicé@example.com"],
  ["a combining accent", "a\u0301lice@example.com"],
];

describe.each([
  { name: "MariaDB", open: mariadbUsers, spellings: [...SPELLINGS, ...ACCENTED] },
  { name: "PostgreSQL", open: postgresUsers, spellings: SPELLINGS },
])(
  "the per-username credentials limit against spellings $name's user lookup folds",
  ({ open, spellings }) => {
    let users: UsersTable;
    beforeAll(async () => {
      users = await open();
    });
    afterAll(async () => {
      await users?.close();
    });

    it("the database does find alice under every spelling (the premise)", async () => {
      for (const [, spelling] of spellings)
        expect((await users.find(spelling)).map((row) => row.id)).toEqual(["u1"]);
    });

    it.each(spellings)(
      "once alice's allowance is used up, a guess spelled with %s is refused without reaching authorize",
      async (_name, spelling) => {
        const { calls, attempt } = app(users);
        for (let i = 0; i < 5; i++)
          expect((await attempt("alice@example.com", `guess-${i}`)).location).toBe(WRONG);
        expect((await attempt("alice@example.com", "guess-5")).location).toBe(REFUSED);
        const before = calls.length;

        const washed = await attempt(spelling, "guess-6");
        expect(washed.location).toBe(REFUSED);
        expect(calls.length).toBe(before);
      },
    );

    it("a locked-out account cannot be signed into by spelling it with zero-width spaces", async () => {
      const { attempt } = app(users);
      for (let i = 0; i < 5; i++) await attempt("alice@example.com", `guess-${i}`);
      expect((await attempt("alice@example.com", "wonderland")).location).toBe(REFUSED);

      // Were each extra zero-width space a fresh allowance of 5, these 20 guesses would reach the password check.
      const guesses: string[] = [];
      for (let n = 1; n <= 4; n++) {
        const spelling = `ali${"\u200B".repeat(n)}ce@example.com`;
        for (let i = 0; i < 5; i++) guesses.push((await attempt(spelling, `more-${n}-${i}`)).location);
      }
      const last = await attempt("ali\u200B\u200B\u200B\u200B\u200Bce@example.com", "wonderland");
      // No spelling reaches the password check, the right password included.
      expect({
        guessesChecked: guesses.filter((location) => location === WRONG).length,
        last: last.location,
        signedIn: last.session !== undefined,
      }).toEqual({ guessesChecked: 0, last: REFUSED, signedIn: false });
    });
  },
);
