import { parseArgs } from "node:util";
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from "kysely";
import type { AnyDb } from "./db";
import type { DialectName } from "./dialect";
import { migrate, schemaSql } from "./schema";

/** Where the CLI writes. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

/** The usage text, printed on a usage error. */
export const USAGE = `Usage:
  portcullis-sql schema --dialect sqlite|postgres|mysql   print the DDL
  portcullis-sql migrate --sqlite <file>                  create the tables in a SQLite file
  portcullis-sql migrate --postgres <url>                 ... in a PostgreSQL database
  portcullis-sql migrate --mysql <url>                    ... in a MySQL or MariaDB database
`;

const DIALECTS: readonly string[] = ["sqlite", "postgres", "mysql"] satisfies DialectName[];

/** Opens a Kysely instance on the database named by the options; drivers load only when used. */
async function open(values: { sqlite?: string; postgres?: string; mysql?: string }): Promise<AnyDb> {
  if (values.sqlite) {
    const { default: Database } = await import("better-sqlite3");
    return new Kysely({ dialect: new SqliteDialect({ database: new Database(values.sqlite) }) });
  }
  if (values.postgres) {
    const { default: pg } = await import("pg");
    return new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: values.postgres }) }),
    });
  }
  const { default: mysql } = await import("mysql2");
  return new Kysely({ dialect: new MysqlDialect({ pool: mysql.createPool(values.mysql ?? "") }) });
}

/**
 * Runs the `portcullis-sql` command line: `schema` prints the DDL of a dialect, `migrate`
 * creates the tables in a database. Connection URLs never appear in the output, since they may
 * hold passwords.
 *
 * @param args The arguments after the program name.
 * @param io Where output and errors go.
 * @returns The exit code: 0 on success, 1 when the database fails, 2 on a usage error.
 * @example
 * ```ts
 * const code = await runCli(["schema", "--dialect", "postgres"], { out: console.log, err: console.error })
 * ```
 */
export async function runCli(args: string[], io: CliOutput): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { command, values } = parsed;
  if (command === "schema" && values.dialect && DIALECTS.includes(values.dialect)) {
    io.out(schemaSql(values.dialect as DialectName));
    return 0;
  }
  const targets = [values.sqlite, values.postgres, values.mysql].filter(Boolean);
  if (command !== "migrate" || targets.length !== 1) {
    io.err(USAGE);
    return 2;
  }
  const db = await open(values);
  try {
    await migrate(db);
    io.out("portcullis-sql: tables are in place\n");
    return 0;
  } catch (error) {
    io.err(`portcullis-sql: migrate failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

/** Splits the arguments into the command and its options; throws on unknown options. */
function parse(args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      dialect: { type: "string" },
      sqlite: { type: "string" },
      postgres: { type: "string" },
      mysql: { type: "string" },
    },
  });
  if (positionals.length !== 1) throw new Error("Expected one command: schema or migrate.");
  return { command: positionals[0], values };
}
