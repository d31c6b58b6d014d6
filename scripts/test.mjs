#!/usr/bin/env node
// `npm test`: provisions the system packages the suite's real peers need (PostgreSQL, MariaDB,
// Redis, Chromium; installed only when missing), then runs the whole vitest suite. The servers
// themselves are started on temp dirs and free ports by the tests and stopped after them.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit", env: process.env }).status ?? 1;

if (existsSync("scripts/system-deps.sh")) {
  const status = run("bash", ["scripts/system-deps.sh"]);
  if (status !== 0) {
    console.error("scripts/system-deps.sh failed: the suite needs PostgreSQL, MariaDB, Redis and Chromium.");
    process.exit(status);
  }
}
process.exit(run("npx", ["vitest", "run", ...process.argv.slice(2)]));
