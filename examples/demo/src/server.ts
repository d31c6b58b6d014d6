/** `npm start`: the Portcullis demo at http://localhost:3000 (see startupNote for the variables). */
import { startDemo } from "./app";
import { type DemoSettings, demoSettings, startupNote } from "./settings";

/** The one line a newcomer needs when the port is taken, instead of a stack trace. */
function portInUse(port: number): string {
  return `Port ${port} is already in use (is another demo still running?). Pick another: PORT=${port + 1} npm start`;
}

/** Starts the demo, or says in one line why it cannot and sets a failing exit code. */
async function main(): Promise<void> {
  let settings: DemoSettings;
  try {
    settings = demoSettings(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }
  try {
    const { url } = await startDemo(settings);
    console.log(startupNote(url, process.env));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    console.error(portInUse(settings.port));
    process.exitCode = 1;
  }
}

await main();
