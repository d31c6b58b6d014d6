/**
 * The apps of `session-db-postgres` and `session-db-redis`, each on a private PostgreSQL or Redis
 * server as the bench starts them: each keeps its seeded session on that server, answers the
 * seeded cookie with alice's session, and leaves nothing there once closed.
 */
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, Unavailable } from "../src/apps/app";
import { authjsApp } from "../src/apps/authjs";
import { portcullisApp } from "../src/apps/portcullis";
import { ALICE, BASE_PATH } from "../src/config";
import { type RunningService, type ServiceName, ServiceUnavailable, startService } from "../src/services";

const BUILDERS = { portcullis: portcullisApp, authjs: authjsApp };

const CASES = [
  ["portcullis", "postgres", "database-postgres"],
  ["authjs", "postgres", "database-postgres"],
  ["portcullis", "redis", "database-redis"],
  ["authjs", "redis", "database-redis"],
] as const;

/** The servers, or why one could not be started (the only reason a case is skipped). */
const services = new Map<ServiceName, RunningService | string>();

beforeAll(async () => {
  for (const name of ["postgres", "redis"] as const) {
    try {
      services.set(name, await startService(name));
    } catch (error) {
      if (!(error instanceof ServiceUnavailable)) throw error;
      services.set(name, error.message);
    }
  }
});

afterAll(async () => {
  for (const service of services.values()) if (typeof service !== "string") await service.stop();
});

/** What the apps have made on the server: their databases on PostgreSQL, their keys on Redis. */
async function storedOn(name: ServiceName, url: string): Promise<number> {
  if (name === "redis") {
    const client = new Redis(url);
    try {
      return await client.dbsize();
    } finally {
      client.disconnect();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT 1 FROM pg_database WHERE datname LIKE 'bench\\_%'");
    return rows.length;
  } finally {
    await client.end();
  }
}

async function sessionOf(app: App): Promise<unknown> {
  const response = await app.handler(
    new Request(`http://127.0.0.1${BASE_PATH}/session`, { headers: { cookie: app.sessionCookie ?? "" } }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

describe("database-session apps on a database server", () => {
  it.for(CASES)(
    "%s on %s answers the seeded cookie with alice's session",
    async ([library, name, mode], ctx) => {
      const service = services.get(name);
      if (service === undefined || typeof service === "string") return ctx.skip(service);
      let app: App;
      try {
        app = await BUILDERS[library](mode, service.url);
      } catch (error) {
        // The Portcullis Redis adapter ships separately; without it the row says so, as this does.
        if (!(error instanceof Unavailable)) throw error;
        expect(error.message).toMatch(/^adapter not available/);
        return ctx.skip(`${library} on ${name}: ${error.message}`);
      }
      try {
        // The session lives on the server the bench started, not in a local SQLite file.
        expect(await storedOn(name, service.url)).toBeGreaterThan(0);
        expect(app.sessionCookie).toMatch(/^authjs\.session-token=./);
        const session = (await sessionOf(app)) as { user?: { email?: string; name?: string } } | null;
        expect(session?.user).toMatchObject({ email: ALICE.email, name: ALICE.name });
      } finally {
        await app.close();
      }
      expect(await storedOn(name, service.url)).toBe(0);
    },
  );
});
