/**
 * The Portcullis bench app: `Auth` from `@portcullis/core` (its built package, as an app
 * imports it) with the shared bench configuration.
 *
 * @module
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import {
  authorizeAlice,
  BASE_PATH,
  CREDENTIAL_FIELDS,
  PLACEHOLDER_OAUTH,
  SECRET,
  SESSION_COOKIE,
} from "../config";
import type { App, SessionMode } from "./app";
import { loadSqlAdapter } from "./sql-adapter";

const credentials = Credentials({
  credentials: CREDENTIAL_FIELDS,
  authorize: (fields) => authorizeAlice(fields),
});
const base = { basePath: BASE_PATH, secret: SECRET, trustHost: true };

/**
 * Builds the Portcullis app: JWT sessions with the credentials provider, or database sessions
 * with `SqlAdapter` on a freshly seeded SQLite file.
 *
 * @param mode `jwt` or `database`.
 * @returns The app; in database mode with the seeded session's cookie.
 * @throws {Unavailable} In database mode when `@portcullis/sql-adapter` cannot be loaded.
 * @example
 * ```ts
 * const app = await portcullisApp("jwt");
 * const response = await app.handler(new Request("http://127.0.0.1/auth/providers"));
 * ```
 */
export async function portcullisApp(mode: SessionMode): Promise<App> {
  if (mode === "jwt") {
    const config: AuthConfig = { ...base, providers: [credentials] };
    return { handler: (request) => Auth(request, config), close: async () => {} };
  }
  const { SqlAdapter } = await loadSqlAdapter();
  // Loaded only here, so a JWT-mode server's memory holds no database driver.
  const { seededDatabase } = await import("../sqlite");
  const database = await seededDatabase();
  const config: AuthConfig = {
    ...base,
    providers: [credentials, PLACEHOLDER_OAUTH],
    adapter: SqlAdapter(database.db),
    session: { strategy: "database" },
  };
  return {
    handler: (request) => Auth(request, config),
    sessionCookie: `${SESSION_COOKIE}=${database.sessionToken}`,
    close: database.close,
  };
}
