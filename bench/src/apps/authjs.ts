/**
 * The Auth.js bench app: `Auth` from `@auth/core` 0.41 with the shared bench configuration.
 *
 * @module
 */
import { Auth, type AuthConfig } from "@auth/core";
import Credentials from "@auth/core/providers/credentials";
import {
  authorizeAlice,
  BASE_PATH,
  CREDENTIAL_FIELDS,
  PLACEHOLDER_OAUTH,
  SECRET,
  SESSION_COOKIE,
} from "../config";
import type { App, SessionMode } from "./app";

const credentials = Credentials({
  credentials: CREDENTIAL_FIELDS,
  authorize: (fields) => authorizeAlice(fields),
});
const base = { basePath: BASE_PATH, secret: SECRET, trustHost: true };

/**
 * Builds the Auth.js app: JWT sessions with the credentials provider, or database sessions with
 * the bench's equal-weight Kysely adapter on a freshly seeded SQLite file.
 *
 * @param mode `jwt` or `database`.
 * @returns The app; in database mode with the seeded session's cookie.
 * @throws When the database cannot be created.
 * @example
 * ```ts
 * const app = await authjsApp("jwt");
 * const response = await app.handler(new Request("http://127.0.0.1/auth/providers"));
 * ```
 */
export async function authjsApp(mode: SessionMode): Promise<App> {
  if (mode === "jwt") {
    const config: AuthConfig = { ...base, providers: [credentials] };
    return { handler: (request) => Auth(request, config), close: async () => {} };
  }
  // Loaded only here, so a JWT-mode server's memory holds no database driver.
  const { authjsSqlAdapter } = await import("../authjs/sql-adapter");
  const { seededDatabase } = await import("../sqlite");
  const database = await seededDatabase();
  const config: AuthConfig = {
    ...base,
    providers: [credentials, PLACEHOLDER_OAUTH],
    adapter: authjsSqlAdapter(database.db),
    session: { strategy: "database" },
  };
  return {
    handler: (request) => Auth(request, config),
    sessionCookie: `${SESSION_COOKIE}=${database.sessionToken}`,
    close: database.close,
  };
}
