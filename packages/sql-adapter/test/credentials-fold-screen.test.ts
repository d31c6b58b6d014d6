/**
 * The per-username credentials limit folds a name at least as far as the app's user lookup does,
 * so that no spelling of an account gets a fresh count. The spellings tried over HTTP in
 * credentials-spellings.test.ts are examples; this screens every character of Unicode's first two
 * planes against the real collations apps look users up with (MariaDB's
 * `utf8mb4_unicode_ci` and `utf8mb4_unicode_520_ci`, PostgreSQL's ICU `und-u-ks-level2` and,
 * accent-insensitive, `und-u-ks-level1`):
 * - every character the database ignores between two letters must fold away: otherwise
 *   repeating it gives unlimited fresh counts;
 * - every character the database finds equal to a letter or digit must fold to it, and every
 *   spelling of `alice` with one character put in or replaced that the database matches must
 *   fold as `alice` does.
 */
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { foldedIdentifier } from "../../core/src/flows/credentials-fold";
import { freshDatabase, type TestDatabase } from "./databases";

/**
 * Every character of the Basic Multilingual Plane and of the Supplementary Multilingual Plane
 * (enclosed letters such as `🅐`, Aegean and cuneiform numerals, mathematical letters), but the
 * surrogates and NUL (which PostgreSQL's text cannot hold).
 */
const CHARACTERS = Array.from({ length: 0x1ffff }, (_, i) => i + 1)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCodePoint(code));
const ALPHANUMERICS = [..."abcdefghijklmnopqrstuvwxyz0123456789"];
const NAME = "alice";
const SPELLINGS = [
  ...CHARACTERS.map((c) => `ali${c}ce`),
  ...CHARACTERS.flatMap((c) => [...NAME].map((_, i) => NAME.slice(0, i) + c + NAME.slice(i + 1))),
];

/** One collation on a live server: which of the screened texts it finds equal to a text. */
interface Collation {
  name: string;
  /** Loads `texts` into a table under the collation; `equalTo(text)` then answers those equal. */
  load(texts: string[]): Promise<void>;
  equalTo(text: string): Promise<string[]>;
  close(): Promise<void>;
}

async function mariadb(collationName: "utf8mb4_unicode_ci" | "utf8mb4_unicode_520_ci"): Promise<Collation> {
  const database = freshDatabase(inject("mariadbUrl"));
  await database.create();
  const pool = mysql.createPool({ uri: database.url, connectionLimit: 2 });
  return {
    name: `MariaDB ${collationName}`,
    async load(texts) {
      await pool.query("DROP TABLE IF EXISTS screened");
      await pool.query(
        `CREATE TABLE screened (s VARCHAR(16) CHARACTER SET utf8mb4 COLLATE ${collationName})`,
      );
      for (let i = 0; i < texts.length; i += 20_000)
        await pool.query("INSERT INTO screened (s) VALUES ?", [texts.slice(i, i + 20_000).map((t) => [t])]);
    },
    equalTo: async (text) =>
      ((await pool.query("SELECT s FROM screened WHERE s = ?", [text]))[0] as { s: string }[]).map(
        (row) => row.s,
      ),
    close: () => closeAll(pool.end(), database),
  };
}

async function postgres(level: "level1" | "level2"): Promise<Collation> {
  const database = freshDatabase(inject("postgresUrl"));
  await database.create();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await pool.query(
    `CREATE COLLATION screened_ci (provider = icu, locale = 'und-u-ks-${level}', deterministic = false)`,
  );
  return {
    name: `PostgreSQL ICU und-u-ks-${level}`,
    async load(texts) {
      await pool.query("DROP TABLE IF EXISTS screened");
      await pool.query("CREATE TABLE screened (s text COLLATE screened_ci)");
      for (let i = 0; i < texts.length; i += 20_000)
        await pool.query("INSERT INTO screened (s) SELECT unnest($1::text[])", [texts.slice(i, i + 20_000)]);
    },
    equalTo: async (text) =>
      (await pool.query<{ s: string }>("SELECT s FROM screened WHERE s = $1", [text])).rows.map(
        (row) => row.s,
      ),
    close: () => closeAll(pool.end(), database),
  };
}

async function closeAll(pool: Promise<void>, database: TestDatabase): Promise<void> {
  await pool;
  await database.close();
}

/** The texts matched that fold otherwise than `expected`, as code points, for a readable failure. */
function foldedOtherwise(matched: string[], expected: string): string[] {
  return matched
    .filter((text) => foldedIdentifier(text) !== expected)
    .map((text) =>
      [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(" "),
    );
}

describe.each([
  { open: () => mariadb("utf8mb4_unicode_ci") },
  { open: () => mariadb("utf8mb4_unicode_520_ci") },
  { open: () => postgres("level2") },
  { open: () => postgres("level1") },
])("the credentials limit's fold against a collation", ({ open }) => {
  let collation: Collation;
  beforeAll(async () => {
    collation = await open();
  }, 60_000);
  afterAll(() => collation?.close());

  it("folds away every character the collation ignores, and each one equal to a letter or digit to it", async () => {
    await collation.load([...CHARACTERS.map((c) => `a${c}b`), ...CHARACTERS]);
    const ignored = await collation.equalTo("ab");
    expect({ collation: collation.name, foldedOtherwise: foldedOtherwise(ignored, "ab") }).toEqual({
      collation: collation.name,
      foldedOtherwise: [],
    });
    const lettersFoldedOtherwise: string[] = [];
    for (const letter of ALPHANUMERICS) {
      const equal = (await collation.equalTo(letter)).filter((text) => [...text].length === 1);
      lettersFoldedOtherwise.push(...foldedOtherwise(equal, letter).map((text) => `${text} as ${letter}`));
    }
    expect({ collation: collation.name, lettersFoldedOtherwise }).toEqual({
      collation: collation.name,
      lettersFoldedOtherwise: [],
    });
  }, 60_000);

  it(`folds every spelling of "${NAME}" with one character put in or replaced that the collation matches as "${NAME}"`, async () => {
    await collation.load(SPELLINGS);
    const matched = await collation.equalTo(NAME);
    expect(matched.length).toBeGreaterThan(100);
    expect({ collation: collation.name, foldedOtherwise: foldedOtherwise(matched, NAME) }).toEqual({
      collation: collation.name,
      foldedOtherwise: [],
    });
  }, 60_000);
});
