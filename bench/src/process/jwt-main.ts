/**
 * Entry of an in-process timing process: `jwt-main.ts <library> <op>` loads what that library
 * needs for the operation (its session JWT, or its server-side session read) and answers `time`
 * commands (run the operation in a loop) and `stats` commands until the bench ends it.
 *
 * @module
 */
import { serverSessionRead } from "../inprocess/server-session";
import { type JwtLibrary, operationFor } from "../jwt/codec";
import { timeOps } from "../jwt/time-ops";
import { type Command, type InProcessOp, processStats, reply } from "./protocol";

const [library, op] = process.argv.slice(2) as [JwtLibrary, InProcessOp];
const operation =
  op === "server-session" || op === "server-session-many"
    ? await serverSessionRead(library, op === "server-session" ? "one" : "many")
    : await operationFor(library, op);

process.on("message", (command: Command) => {
  if (command.type === "stats") {
    reply({ id: command.id, type: "stats", stats: processStats() });
    return;
  }
  timeOps(operation, command.seconds).then((timing) =>
    reply({ id: command.id, type: "time", timing, stats: processStats() }),
  );
});
process.once("disconnect", () => process.exit(0));
reply({ type: "ready" });
