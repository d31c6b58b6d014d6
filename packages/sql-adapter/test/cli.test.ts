import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { schemaSql } from "@portcullis/sql-adapter";
import { describe, expect, inject, test } from "vitest";
import { runCli } from "../src/run-cli";
import { freshDatabase, sqliteFile } from "./databases";

const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Runs the real executable (through tsx, as the sources are TypeScript) and collects its output. */
function portcullisSql(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

/** Runs the CLI in this process, collecting what it writes. */
async function inProcess(...args: string[]) {
  const output = { stdout: "", stderr: "" };
  const code = await runCli(args, { out: (t) => (output.stdout += t), err: (t) => (output.stderr += t) });
  return { code, ...output };
}

describe("portcullis-sql", () => {
  test("schema --dialect postgres prints the PostgreSQL DDL and exits 0", async () => {
    const result = await portcullisSql("schema", "--dialect", "postgres");
    expect(result).toEqual({ code: 0, stdout: schemaSql("postgres"), stderr: "" });
  });

  test("migrate --sqlite creates the tables in the file", async () => {
    const database = sqliteFile();
    try {
      const result = await portcullisSql("migrate", "--sqlite", database.url);
      expect(result.code).toBe(0);
      const tables = await database.db.introspection.getTables();
      expect(tables.map((t) => t.name).sort()).toEqual(
        ["Account", "Authenticator", "Session", "User", "VerificationToken"].sort(),
      );
    } finally {
      await database.close();
    }
  });

  test("migrate --postgres creates the tables in the database", async () => {
    const database = freshDatabase(inject("postgresUrl"));
    try {
      await database.create();
      expect((await inProcess("migrate", "--postgres", database.url)).code).toBe(0);
      expect((await database.db.introspection.getTables()).map((t) => t.name)).toContain("VerificationToken");
    } finally {
      await database.close();
    }
  });

  test("schema with an unknown dialect exits 2 and prints the usage", async () => {
    const result = await inProcess("schema", "--dialect", "oracle");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("portcullis-sql schema --dialect sqlite|postgres|mysql");
  });

  test("migrate without exactly one database exits 2", async () => {
    expect((await inProcess("migrate")).code).toBe(2);
    expect((await inProcess("migrate", "--sqlite", "a.db", "--postgres", "postgres://x")).code).toBe(2);
  });

  test("an unknown option exits 2 and names it", async () => {
    const result = await inProcess("schema", "--dialekt", "sqlite");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--dialekt");
  });

  test("a failing migration exits 1 without printing the connection URL or its password", async () => {
    const url = new URL(inject("postgresUrl"));
    url.password = "hunter2-secret";
    url.pathname = "/portcullis_missing_database";
    const result = await inProcess("migrate", "--postgres", url.href);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("migrate failed");
    expect(result.stderr).not.toContain("hunter2-secret");
  });
});
