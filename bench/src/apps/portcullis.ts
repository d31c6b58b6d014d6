/**
 * The Portcullis bench app: `Auth` from `@portcullis/core` (its built package, as an app
 * imports it) with the shared bench configuration.
 *
 * @module
 */
import { Auth, type AuthConfig, memorySessionStore } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import type { App, SessionMode } from "./app";
import { buildApp } from "./build-app";
import { loadSqlAdapter } from "./sql-adapter";

/**
 * Builds the Portcullis app; in database mode on `SqlAdapter` from `@portcullis/sql-adapter`, in
 * the revocable JWT modes with `memorySessionStore()`.
 *
 * @param mode `jwt` or `database`.
 * @returns The app.
 * @throws {Unavailable} In database mode when `@portcullis/sql-adapter` cannot be loaded.
 * @example
 * ```ts
 * const app = await portcullisApp("jwt");
 * const response = await app.handler(new Request("http://127.0.0.1/auth/providers"));
 * ```
 */
export function portcullisApp(mode: SessionMode): Promise<App> {
  return buildApp<AuthConfig>(
    {
      auth: Auth,
      Credentials,
      sessionStore: memorySessionStore,
      loadAdapter: async () => {
        const { SqlAdapter } = await loadSqlAdapter();
        return (db) => SqlAdapter(db);
      },
    },
    mode,
  );
}
