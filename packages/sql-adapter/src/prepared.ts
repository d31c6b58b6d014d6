import type { CompiledQuery } from "kysely";
import type { AnyDb, Row } from "./db";

/** A value no caller passes, marking where the run-time parameter goes in the compiled query. */
const SLOT = "\u0000portcullis:parameter";

/**
 * A one-parameter query built and compiled on its first run, then run again with other values.
 * Building and compiling a Kysely query costs several microseconds per call, on paths (the
 * session lookup) that run on every request; the SQL text never changes, only the value does.
 *
 * @param db Where the query runs.
 * @param build Builds the query with the given value in its one parameter slot.
 * @returns A function running the query with a value and answering its rows.
 * @example
 * ```ts
 * const byToken = preparedQuery(db, (token) => db.selectFrom("session").selectAll().where("sessionToken", "=", token));
 * const rows = await byToken("abc");
 * ```
 */
export function preparedQuery(
  db: AnyDb,
  build: (value: string) => { compile(): CompiledQuery<unknown> },
): (value: string) => Promise<Row[]> {
  let compiled: CompiledQuery<unknown> | undefined;
  let slot = -1;
  return async (value) => {
    if (compiled === undefined) {
      compiled = build(SLOT).compile();
      slot = compiled.parameters.indexOf(SLOT);
      if (slot === -1 || compiled.parameters.lastIndexOf(SLOT) !== slot)
        throw new Error("preparedQuery: the query must use its value exactly once, as a parameter");
    }
    const parameters = compiled.parameters.slice();
    parameters[slot] = value;
    const { query, queryId, sql } = compiled;
    const result = await db.executeQuery<Row>({ query, queryId, sql, parameters });
    return result.rows;
  };
}
