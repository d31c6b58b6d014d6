/**
 * The Portcullis bench app: `Auth` from `@portcullis/core` (its built package, as an app
 * imports it) with the shared bench configuration.
 *
 * @module
 */
import { Auth, type AuthConfig, memorySessionStore } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import OAuth from "@portcullis/core/providers/oauth";
import type { App, SessionMode } from "./app";
import { buildApp } from "./build-app";
import { loadSqlAdapter } from "./sql-adapter";

/**
 * Builds the Portcullis app; in the SQLite and PostgreSQL database modes on `SqlAdapter` from
 * `@portcullis/sql-adapter`, on Redis on `RedisAdapter` from `@portcullis/redis-adapter`, in
 * the revocable JWT modes with `memorySessionStore()`.
 *
 * @param mode The session mode.
 * @param serverUrl The PostgreSQL or Redis server's URL, for the modes that need one.
 * @returns The app.
 * @throws {Unavailable} In a database mode when its adapter package cannot be loaded.
 * @example
 * ```ts
 * const app = await portcullisApp("jwt");
 * const response = await app.handler(new Request("http://127.0.0.1/auth/providers"));
 * ```
 */
export function portcullisApp(mode: SessionMode, serverUrl?: string): Promise<App> {
  return buildApp<AuthConfig>(
    {
      auth: Auth,
      Credentials,
      OAuth,
      sessionStore: memorySessionStore,
      loadAdapter: async () => {
        const { SqlAdapter } = await loadSqlAdapter();
        return (db) => SqlAdapter(db);
      },
      // Loaded on demand, so only a server of that mode holds the driver.
      openStore: async (backend, url) =>
        backend === "postgres"
          ? (await import("../portcullis/postgres-store")).portcullisPostgresStore(url)
          : (await import("../portcullis/redis-store")).portcullisRedisStore(url),
    },
    mode,
    serverUrl,
  );
}
