/**
 * The one place that decides a bench app's configuration, so the two libraries cannot drift
 * apart: each library only hands over its `Auth`, its credentials provider and how it loads its
 * SQL adapter.
 *
 * @module
 */
import type { Kysely } from "kysely";
import {
  authorizeAlice,
  BASE_PATH,
  CREDENTIAL_FIELDS,
  PLACEHOLDER_OAUTH,
  SECRET,
  SESSION_COOKIE,
} from "../config";
import type { BenchTables } from "../sqlite";
import { type App, type SessionMode, Unavailable } from "./app";

/** What a library contributes to its bench app. */
export interface Library<Config> {
  /** Its `Auth(request, config)`. */
  auth(request: Request, config: Config): Promise<Response>;
  /** Its credentials provider factory; the app gives it alice's fields and check. */
  Credentials(options: { credentials: typeof CREDENTIAL_FIELDS; authorize: typeof authorizeAlice }): unknown;
  /**
   * Loads its SQL adapter for the database mode and answers the factory. Called before the
   * database is created, so a missing adapter fails fast (`Unavailable`).
   */
  loadAdapter(): Promise<(db: Kysely<BenchTables>) => unknown>;
  /** A new in-memory session store for revocable JWT sessions; absent when the library has none. */
  sessionStore?(): unknown;
}

/**
 * How often each revocable mode checks the store, in seconds: once a minute (reads in between
 * are what `jwt-revocable` measures), or on every read.
 */
const REVALIDATE_AFTER = { "jwt-revocable": 60, "jwt-revocable-check": 0 } as const;

/**
 * The revocable JWT configuration: the shared JWT configuration plus a fresh in-memory store and
 * the mode's check interval.
 */
function revocableConfig<Config>(library: Library<Config>, mode: keyof typeof REVALIDATE_AFTER): Config {
  if (!library.sessionStore) throw new Unavailable("no revocable JWT sessions in this library");
  const session = { strategy: "jwt", store: library.sessionStore(), revalidateAfter: REVALIDATE_AFTER[mode] };
  return { ...jwtConfig<Config>(library), session } as Config;
}

function credentialsOf<Config>(library: Pick<Library<Config>, "Credentials">): unknown {
  return library.Credentials({
    credentials: CREDENTIAL_FIELDS,
    authorize: (fields) => authorizeAlice(fields),
  });
}

/**
 * The JWT-session configuration of a bench app: basePath `/auth`, the bench secret, `trustHost`
 * and the credentials provider accepting alice. The HTTP servers and the in-process scenarios
 * both use it, so the two libraries are configured alike wherever they are timed.
 *
 * @param library The library's credentials provider factory.
 * @returns A new configuration object (keep it: each new object is a new configuration).
 * @example
 * ```ts
 * const config = jwtConfig<AuthConfig>({ Credentials });
 * ```
 */
export function jwtConfig<Config>(library: Pick<Library<Config>, "Credentials">): Config {
  const base = { basePath: BASE_PATH, secret: SECRET, trustHost: true };
  return { ...base, providers: [credentialsOf(library)] } as Config;
}

/**
 * Builds a bench app: JWT sessions with the credentials provider (revocable ones with the
 * library's in-memory session store), or database sessions with the library's adapter on a
 * freshly seeded SQLite file. Every mode uses basePath `/auth`, the bench secret and
 * `trustHost`; database mode adds a placeholder OAuth provider, never contacted, because Auth.js
 * refuses database sessions when credentials is the only provider.
 *
 * @param library The library's pieces.
 * @param mode `jwt` or `database`.
 * @returns The app; in database mode with the seeded session's cookie.
 * @throws {Unavailable} When the library's adapter cannot be loaded, or a revocable mode is asked
 * of a library without a session store.
 * @throws When the database cannot be created.
 * @example
 * ```ts
 * const app = await buildApp({ auth: Auth, Credentials, loadAdapter }, "jwt");
 * ```
 */
export async function buildApp<Config>(library: Library<Config>, mode: SessionMode): Promise<App> {
  if (mode === "jwt") {
    const config = jwtConfig<Config>(library);
    return { handler: (request) => library.auth(request, config), close: async () => {} };
  }
  if (mode === "jwt-revocable" || mode === "jwt-revocable-check") {
    const config = revocableConfig(library, mode);
    return { handler: (request) => library.auth(request, config), close: async () => {} };
  }
  const base = { basePath: BASE_PATH, secret: SECRET, trustHost: true };
  const credentials = credentialsOf(library);
  const adapter = await library.loadAdapter();
  // Loaded only here, so a JWT-mode server's memory holds no database driver.
  const { seededDatabase } = await import("../sqlite");
  const database = await seededDatabase();
  const config = {
    ...base,
    providers: [credentials, PLACEHOLDER_OAUTH],
    adapter: adapter(database.db),
    session: { strategy: "database" },
  } as Config;
  return {
    handler: (request) => library.auth(request, config),
    sessionCookie: `${SESSION_COOKIE}=${database.sessionToken}`,
    close: database.close,
  };
}
