#!/usr/bin/env node
/**
 * The `portcullis-sql` executable: prints the schema or creates the tables. See {@link runCli}.
 *
 * @module
 */
import { runCli } from "./run-cli";

process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
