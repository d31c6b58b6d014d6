/**
 * The Auth.js bench app: `Auth` from `@auth/core` 0.41 with the shared bench configuration.
 *
 * @module
 */
import { Auth, type AuthConfig } from "@auth/core";
import type { Adapter } from "@auth/core/adapters";
import Credentials from "@auth/core/providers/credentials";
import type { App, SessionMode } from "./app";
import { buildApp } from "./build-app";

/**
 * Builds the Auth.js app; in database mode on the bench's equal-weight Kysely adapter (SQLite),
 * on PostgreSQL on `@auth/pg-adapter`, on Redis on `@auth/unstorage-adapter` with unstorage's
 * Redis driver.
 *
 * @param mode The session mode.
 * @param serverUrl The PostgreSQL or Redis server's URL, for the modes that need one.
 * @returns The app.
 * @throws When the database cannot be created.
 * @example
 * ```ts
 * const app = await authjsApp("jwt");
 * const response = await app.handler(new Request("http://127.0.0.1/auth/providers"));
 * ```
 */
export function authjsApp(mode: SessionMode, serverUrl?: string): Promise<App> {
  return buildApp<AuthConfig>(
    {
      auth: Auth,
      Credentials,
      loadAdapter: async () => {
        const { authjsSqlAdapter } = await import("../authjs/sql-adapter");
        return (db): Adapter => authjsSqlAdapter(db);
      },
      // Loaded on demand, so only a server of that mode holds the driver.
      openStore: async (backend, url) =>
        backend === "postgres"
          ? (await import("../authjs/postgres-store")).authjsPostgresStore(url)
          : (await import("../authjs/redis-store")).authjsRedisStore(url),
    },
    mode,
    serverUrl,
  );
}
