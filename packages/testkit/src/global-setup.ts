/**
 * vitest global setup: starts PostgreSQL and MariaDB once for the whole run, in parallel, hands
 * their URLs to tests through `inject("postgresUrl")` / `inject("mariadbUrl")`, and stops both
 * when the run ends, whether tests passed or not.
 *
 * @module
 */
import type { TestProject } from "vitest/node";
import { startMariaDB } from "./mariadb";
import { startPostgres } from "./postgres";
import type { RunningDatabase } from "./system";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the run's PostgreSQL database, e.g. `postgres://postgres@127.0.0.1:40123/portcullis`. */
    postgresUrl: string;
    /** URL of the run's MariaDB database, e.g. `mysql://portcullis:portcullis@127.0.0.1:40124/portcullis`. */
    mariadbUrl: string;
  }
}

/**
 * Starts the servers and provides their URLs; answers the teardown.
 *
 * @param project The vitest project to provide the URLs to.
 * @returns A teardown that stops both servers.
 * @throws Error when a server cannot start (the other one is stopped first).
 */
/**
 * Starts a server, trying again (each try picks a new free port and data dir) when it fails:
 * a port found free can be taken before the server binds it, and a busy 2-core machine now and
 * then misses a start-up deadline. A real misconfiguration fails all three tries.
 */
async function withRetries(start: () => Promise<RunningDatabase>, tries = 3): Promise<RunningDatabase> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`[testkit] ${(error as Error).message}; trying again (${attempt + 1}/${tries})`);
    }
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = await Promise.allSettled([withRetries(startPostgres), withRetries(startMariaDB)]);
  const [postgres, mariadb] = started;
  if (postgres.status === "rejected" || mariadb.status === "rejected") {
    await Promise.all(started.map((s) => (s.status === "fulfilled" ? s.value.stop() : undefined)));
    const failure =
      postgres.status === "rejected" ? postgres.reason : (mariadb as PromiseRejectedResult).reason;
    throw failure;
  }
  project.provide("postgresUrl", postgres.value.url);
  project.provide("mariadbUrl", mariadb.value.url);
  return async () => {
    await Promise.all([postgres.value.stop(), mariadb.value.stop()]);
  };
}
