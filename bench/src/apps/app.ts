/**
 * What every bench server runs: a fetch-style handler built for one session mode, with what the
 * load generator needs to know about it.
 *
 * @module
 */
import type { Handler } from "../bridge";

/** The apps a server process can run. */
export type AppName = "portcullis" | "authjs" | "floor";

/**
 * How sessions are kept: in the encrypted cookie (`jwt`); in the cookie and registered in an
 * in-memory session store so they can be revoked, the store checked at most once a minute
 * (`jwt-revocable`) or on every read (`jwt-revocable-check`); or in a database behind an adapter:
 * SQLite (`database`), PostgreSQL (`database-postgres`) or Redis (`database-redis`). Only
 * Portcullis has the revocable modes.
 */
export type SessionMode =
  | "jwt"
  | "jwt-revocable"
  | "jwt-revocable-check"
  | "database"
  | "database-postgres"
  | "database-redis";

/** A built app. */
export interface App {
  handler: Handler;
  /** For database mode: the `Cookie` header value of the seeded live session. */
  sessionCookie?: string;
  /** Releases what the app holds (the database). */
  close(): Promise<void>;
}

/**
 * Thrown when an app cannot be built because a piece it needs is missing (the SQL adapter not
 * finished yet): the bench shows the reason in the scenario's row instead of a number.
 */
export class Unavailable extends Error {
  override name = "Unavailable";
}
