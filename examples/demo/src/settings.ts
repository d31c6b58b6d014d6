/**
 * The demo's settings, all from environment variables, and the start-up note that lists them:
 * a newcomer sees what can be changed without opening the code.
 */

/** What `npm start` runs with. */
export interface DemoSettings {
  port: number;
  databaseFile: string;
}

/** The variables the note explains, with what each one does. */
const VARIABLES: ReadonlyArray<readonly [string, string]> = [
  ["PORT", "the port to listen on (default 3000)"],
  ["DEMO_DATABASE", "the SQLite file (default .data/demo.sqlite)"],
  ["AUTH_GITHUB_ID, AUTH_GITHUB_SECRET", "turn on GitHub sign-in"],
  ["AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET", "turn on Google sign-in"],
  ["AUTH_SECRET", "the key of the cookies (the demo has a fixed one; real apps set their own)"],
];

/**
 * Reads the settings from an environment.
 *
 * @param env Usually `process.env`.
 * @returns The port and database file, with their defaults (also for a variable set but empty).
 * @throws RangeError naming `PORT` when it is not a port number.
 * @example
 * ```ts
 * demoSettings({ PORT: "8080" }) // { port: 8080, databaseFile: ".data/demo.sqlite" }
 * ```
 */
export function demoSettings(env: NodeJS.ProcessEnv): DemoSettings {
  // `PORT=` (set but empty) means the default, as unset: Number("") would be 0, a random port.
  const port = Number(env.PORT?.trim() || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError(`PORT=${env.PORT} is not a port number: pick one from 1 to 65535.`);
  return { port, databaseFile: env.DEMO_DATABASE || ".data/demo.sqlite" };
}

/**
 * The note printed once the demo listens: where it is, how to sign in, and every variable with
 * whether it is set (never its value: the secrets stay out of the console).
 *
 * @param url Where the demo listens.
 * @param env The environment it runs with.
 * @returns Lines ready for `console.log`.
 * @example
 * ```ts
 * console.log(startupNote("http://localhost:3000", process.env))
 * ```
 */
export function startupNote(url: string, env: NodeJS.ProcessEnv): string {
  const width = Math.max(...VARIABLES.map(([names]) => names.length));
  const lines = VARIABLES.map(([names, purpose]) => {
    const set = names.split(", ").every((name) => env[name]);
    return `    ${names.padEnd(width)}  ${purpose}${set ? " [set]" : ""}`;
  });
  return [
    `Portcullis demo on ${url}`,
    "  Sign in as alice@example.com / wonderland, or ask for a magic link (it is printed here).",
    "  Environment variables (set them before `npm start`, e.g. PORT=4000 npm start):",
    ...lines,
  ].join("\n");
}
