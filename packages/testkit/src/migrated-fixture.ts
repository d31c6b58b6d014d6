/**
 * An Auth.js app of a test's fixtures, copied and moved over by the codemod's command line, as a
 * user would run it: the step every "migrated by the codemod alone" test starts with.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startOpenIdProvider, type TestOpenIdProvider } from "./oidc";
import { freePort } from "./system";

const CLI = fileURLToPath(new URL("../../migrate/src/cli.ts", import.meta.url));

/** A migrated copy of a fixture app. */
export interface MigratedFixture {
  /** The copy's folder. */
  dir: string;
  /** What the codemod printed. */
  migrateOutput: string;
  /** Deletes the copy. */
  remove(): void;
}

/**
 * Copies `{fixtures}/{name}` into a fresh `.work-*` folder beside it (inside the repository, so the
 * app resolves its framework from the workspace) and runs `portcullis-migrate` on the copy.
 *
 * @param fixtures The folder holding the fixture apps.
 * @param name The app's folder name.
 * @returns The migrated copy.
 * @throws Error with the codemod's stderr when it fails (the copy is removed first).
 * @example
 * ```ts
 * const app = migratedFixture(join(here, "fixtures"), "authjs-app")
 * ```
 */
export function migratedFixture(fixtures: string, name: string): MigratedFixture {
  const work = mkdtempSync(join(fixtures, ".work-"));
  const remove = () => rmSync(work, { recursive: true, force: true });
  const dir = join(work, name);
  cpSync(join(fixtures, name), dir, { recursive: true });
  const run = spawnSync(process.execPath, ["--import", "tsx", CLI, dir], { encoding: "utf8" });
  if (run.status !== 0) {
    remove();
    throw new Error(`The codemod failed: ${run.stderr}`);
  }
  return { dir, migrateOutput: run.stdout, remove };
}

/** The identity provider of a fixture app's custom provider `corp`, and where the app must listen. */
export interface CorpIdentityProvider {
  /** The port the app must serve on: the provider registered its callback URL there. */
  port: number;
  /** The app's `AUTH_CORP_ID`, `AUTH_CORP_SECRET` and `AUTH_CORP_ISSUER`. */
  env: Record<string, string>;
  /** The running OpenID Provider; it signs `alice` in unless told otherwise. */
  idp: TestOpenIdProvider;
}

/**
 * Starts the OpenID Provider that the fixture apps' custom provider `corp` (a plain object, as
 * Auth.js's docs write one) signs in with, registering the app's callback URL on a port chosen
 * first, since the provider must know it before the app starts.
 *
 * @param callbackPath The app's callback route for `corp`, e.g. `/api/auth/callback/corp`.
 * @returns The provider, the port to serve the app on and the app's environment for `corp`.
 * @example
 * ```ts
 * const corp = await startCorpIdentityProvider("/auth/callback/corp");
 * await startFixtureProcess({ ...options, env: { ...env, ...corp.env }, port: corp.port });
 * ```
 */
export async function startCorpIdentityProvider(callbackPath: string): Promise<CorpIdentityProvider> {
  const client = { client_id: "corp-app", client_secret: "corp-app-secret-corp-app-secret" };
  const port = await freePort();
  const idp = await startOpenIdProvider({
    clients: [{ ...client, redirect_uris: [`http://127.0.0.1:${port}${callbackPath}`] }],
  });
  const env = {
    AUTH_CORP_ID: client.client_id,
    AUTH_CORP_SECRET: client.client_secret,
    AUTH_CORP_ISSUER: idp.issuer,
  };
  return { port, env, idp };
}
