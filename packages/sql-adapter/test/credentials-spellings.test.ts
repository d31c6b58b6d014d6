/**
 * The per-username limit on failed credentials sign-ins (5 per 15 minutes) holds for the account
 * the app's `authorize` finds, not for the exact text typed. Apps on MySQL or MariaDB look users
 * up through a `*_unicode_ci` (or MySQL 8's default `utf8mb4_0900_ai_ci`) collation, which
 * ignores accents and zero-width characters: `ali\u200Bce@example.com` and `alicé@example.com`
 * find alice's row, so they count as alice, and no spelling gives fresh guesses at her password.
 *
 * A real MariaDB server (the db project's) holds the users table, with the collation Laravel and
 * many hand-written schemas use. It lives here, beside the SQL adapter's tests, because only this
 * project starts MariaDB.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SECRET } from "../../core/test/auth/helpers";
import { freshDatabase, type TestDatabase } from "./databases";

const ORIGIN = "http://localhost:3000";
const REFUSED = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=rate_limited`;
const WRONG = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`;

let database: TestDatabase;
let pool: mysql.Pool;

beforeAll(async () => {
  database = freshDatabase(inject("mariadbUrl"));
  await database.create();
  pool = mysql.createPool(database.url);
  await pool.query(
    "CREATE TABLE users (id VARCHAR(36) PRIMARY KEY, email VARCHAR(191) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci UNIQUE, password VARCHAR(100))",
  );
  await pool.query("INSERT INTO users VALUES ('u1', 'alice@example.com', 'wonderland')");
});

afterAll(async () => {
  await pool?.end();
  await database?.close();
});

let apps = 0;

/** An app whose authorize looks the email up in MariaDB, as an app on MySQL/MariaDB does. */
function app() {
  const calls: string[] = [];
  const provider = Credentials({
    credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
    authorize: async ({ email, password }) => {
      calls.push(String(email));
      const [rows] = await pool.query("SELECT id, email, password FROM users WHERE email = ?", [
        String(email),
      ]);
      const user = (rows as Array<{ id: string; email: string; password: string }>)[0];
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

/** Spellings MariaDB's utf8mb4_unicode_ci matches to alice@example.com. */
const SPELLINGS: Array<[string, string]> = [
  ["a zero-width space", "ali\u200Bce@example.com"],
  ["two zero-width spaces", "ali\u200B\u200Bce@example.com"],
  ["a zero-width joiner", "alice@example.com\u200D"],
  ["a word joiner", "alice@exam\u2060ple.com"],
  ["an accented letter", "alicé@example.com"],
  ["a combining accent", "a\u0301lice@example.com"],
];

describe("the per-username credentials limit against spellings the user lookup folds", () => {
  it("the database does find alice under every spelling (the premise)", async () => {
    for (const [, spelling] of SPELLINGS) {
      const [rows] = await pool.query("SELECT id FROM users WHERE email = ?", [spelling]);
      expect(rows).toEqual([{ id: "u1" }]);
    }
  });

  it.each(SPELLINGS)(
    "once alice's allowance is used up, a guess spelled with %s is refused without reaching authorize",
    async (_name, spelling) => {
      const { calls, attempt } = app();
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
    const { attempt } = app();
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
});
