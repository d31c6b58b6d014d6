/**
 * Entry of a bench server process: `server-main.ts <app> <mode> [lazy|request] [server-url]`
 * builds the app (on the PostgreSQL or Redis server at `server-url`, for the modes that keep
 * sessions there), serves it through the bridge (handing it that kind of request) on 127.0.0.1
 * and reports its port; then it answers `stats` commands until the bench ends it.
 *
 * @module
 */
import type { App, AppName, SessionMode } from "../apps/app";
import { Unavailable } from "../apps/app";
import { listen, REQUEST_KINDS, type RequestKind } from "../bridge";
import { type Command, processStats, reply } from "./protocol";

async function build(name: AppName, mode: SessionMode, serverUrl: string | undefined): Promise<App> {
  if (name === "portcullis") return (await import("../apps/portcullis")).portcullisApp(mode, serverUrl);
  if (name === "authjs") return (await import("../apps/authjs")).authjsApp(mode, serverUrl);
  return (await import("../apps/floor")).floorApp();
}

async function main(): Promise<void> {
  const [name, mode, kind = "lazy", serverUrl] = process.argv.slice(2) as [
    AppName,
    SessionMode,
    RequestKind?,
    string?,
  ];
  if (!REQUEST_KINDS.includes(kind)) throw new Error(`unknown request kind ${kind}`);
  let app: App;
  try {
    // Only the app under test is loaded, so the process's memory is that library's.
    app = await build(name, mode, serverUrl);
  } catch (error) {
    if (!(error instanceof Unavailable)) throw error;
    reply({ type: "unavailable", reason: error.message });
    return;
  }
  const server = await listen(app.handler, kind);
  process.on("message", (command: Command) => {
    if (command.type === "stats") reply({ id: command.id, type: "stats", stats: processStats() });
  });
  const shutdown = () => {
    server
      .close()
      .then(app.close)
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("disconnect", shutdown);
  reply({ type: "ready", port: server.port, sessionCookie: app.sessionCookie });
}

await main();
