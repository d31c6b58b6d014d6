/**
 * The database servers some scenarios keep their sessions on: a private PostgreSQL or Redis
 * server that the bench starts for the scenario (the test kit's throwaway servers: a temp dir, a
 * free port of 127.0.0.1, no durability) and stops after its row, whatever happened. Started by
 * the bench process after it has pinned itself, a server inherits the load generator's core, so
 * the core of the process under test stays its own.
 *
 * @module
 */

/** A database server a scenario's apps need. */
export type ServiceName = "postgres" | "redis";

/** A running database server. */
export interface RunningService {
  /** Its URL on 127.0.0.1, handed to each server process. */
  url: string;
  /** Stops it and deletes its data. */
  stop(): Promise<void>;
}

/** Thrown when the server cannot be started (not installed, or failing); the message says why. */
export class ServiceUnavailable extends Error {
  override name = "ServiceUnavailable";
}

const LABELS: Record<ServiceName, string> = { postgres: "PostgreSQL", redis: "Redis" };

/**
 * The test kit's stops also run on `exit`; a signal ends the process without that event, so
 * while a server runs, SIGINT and SIGTERM are turned into an exit.
 */
function exitOnSignals(): () => void {
  const exit = () => process.exit(130);
  process.once("SIGINT", exit);
  process.once("SIGTERM", exit);
  return () => {
    process.off("SIGINT", exit);
    process.off("SIGTERM", exit);
  };
}

/**
 * Starts a private PostgreSQL or Redis server for one scenario.
 *
 * @param name Which server.
 * @returns Its URL and `stop()`; it is also stopped if the bench exits or is interrupted first.
 * @throws {ServiceUnavailable} When it cannot be started, with the reason.
 * @example
 * ```ts
 * const postgres = await startService("postgres");
 * try { ... } finally { await postgres.stop(); }
 * ```
 */
export async function startService(name: ServiceName): Promise<RunningService> {
  // Loaded only when a scenario needs a server: the test kit brings its other peers with it.
  const { startPostgres, startRedis } = await import("@portcullis/testkit");
  let running: RunningService;
  try {
    running = await (name === "postgres" ? startPostgres() : startRedis());
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0];
    throw new ServiceUnavailable(`${LABELS[name]} not available (${reason})`);
  }
  const release = exitOnSignals();
  return {
    url: running.url,
    stop: async () => {
      release();
      await running.stop();
    },
  };
}
