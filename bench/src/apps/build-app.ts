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
import type { SeededStore } from "../stores/seed";
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
  /**
   * Makes a provider of the app's own from its plain configuration: Portcullis's `OAuth()`,
   * which brings the OAuth sign-in method; absent for Auth.js, which takes the object as it is.
   */
  OAuth?(config: typeof PLACEHOLDER_OAUTH): unknown;
  /** A new in-memory session store for revocable JWT sessions; absent when the library has none. */
  sessionStore?(): unknown;
  /**
   * Loads its adapter for a database server (PostgreSQL or Redis) and opens it on a store of its
   * own on that server, seeded with alice's session. A missing adapter fails before anything is
   * created (`Unavailable`).
   */
  openStore?(backend: StoreBackend, serverUrl: string): Promise<SeededStore>;
}

/** The database servers a bench app can keep its sessions on, besides SQLite. */
export type StoreBackend = "postgres" | "redis";

/** The backend of each session mode that keeps sessions on a database server. */
const BACKEND_OF: Partial<Record<SessionMode, StoreBackend>> = {
  "database-postgres": "postgres",
  "database-redis": "redis",
};

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
 * freshly seeded SQLite file, or on a store of its own on the bench's PostgreSQL or Redis server.
 * Every mode uses basePath `/auth`, the bench secret and `trustHost`; the database modes add a
 * placeholder OAuth provider, never contacted, because Auth.js refuses database sessions when
 * credentials is the only provider.
 *
 * @param library The library's pieces.
 * @param mode The session mode.
 * @param serverUrl The database server's URL, for `database-postgres` and `database-redis`.
 * @returns The app; in the database modes with the seeded session's cookie.
 * @throws {Unavailable} When the library's adapter cannot be loaded, or a revocable mode is asked
 * of a library without a session store.
 * @throws When the database cannot be created, or a database server's mode has no URL.
 * @example
 * ```ts
 * const app = await buildApp({ auth: Auth, Credentials, loadAdapter }, "jwt");
 * ```
 */
export async function buildApp<Config>(
  library: Library<Config>,
  mode: SessionMode,
  serverUrl?: string,
): Promise<App> {
  if (mode === "jwt") {
    const config = jwtConfig<Config>(library);
    return { handler: (request) => library.auth(request, config), close: async () => {} };
  }
  if (mode === "jwt-revocable" || mode === "jwt-revocable-check") {
    const config = revocableConfig(library, mode);
    return { handler: (request) => library.auth(request, config), close: async () => {} };
  }
  const backend = BACKEND_OF[mode];
  if (backend) {
    if (!library.openStore) throw new Unavailable(`no ${backend} adapter in this library`);
    if (!serverUrl) throw new Error(`${mode} needs the URL of the bench's ${backend} server`);
    return databaseApp(library, await library.openStore(backend, serverUrl));
  }
  const adapter = await library.loadAdapter();
  // Loaded only here, so a JWT-mode server's memory holds no database driver.
  const { seededDatabase } = await import("../sqlite");
  const database = await seededDatabase();
  return databaseApp(library, { ...database, adapter: adapter(database.db) });
}

/** A database-session app on a seeded store: the same configuration whatever the store. */
function databaseApp<Config>(library: Library<Config>, store: SeededStore): App {
  const base = { basePath: BASE_PATH, secret: SECRET, trustHost: true };
  const config = {
    ...base,
    providers: [credentialsOf(library), library.OAuth?.(PLACEHOLDER_OAUTH) ?? PLACEHOLDER_OAUTH],
    adapter: store.adapter,
    session: { strategy: "database" },
  } as Config;
  return {
    handler: (request) => library.auth(request, config),
    sessionCookie: `${SESSION_COOKIE}=${store.sessionToken}`,
    close: store.close,
  };
}
