/**
 * What a database-session server runs on besides its app: an adapter on a store (PostgreSQL or
 * Redis) that holds alice and one live session, seeded through the adapter itself so each
 * library's rows or keys are laid out exactly as that library writes them.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { ALICE } from "../config";

/** A store seeded for one server process. */
export interface SeededStore {
  /** The library's adapter on the store, for the `adapter` option. */
  adapter: unknown;
  /** The token of alice's session, valid for 30 days: the value of the session cookie. */
  sessionToken: string;
  /** Removes what was seeded (the database or the keys) and closes the connections. */
  close(): Promise<void>;
}

/** The two adapter methods seeding needs, as both libraries' adapters declare them. */
export interface SeedingAdapter {
  createUser?(user: typeof SEEDED_USER): PromiseLike<{ id: string }> | { id: string };
  createSession?(session: { sessionToken: string; userId: string; expires: Date }): unknown;
}

/** Alice as a new adapter user: her id is a hint, which adapters that make their own ids ignore. */
const SEEDED_USER = { ...ALICE, emailVerified: null };

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Creates alice and a session expiring in 30 days through the adapter, so every read finds a live
 * session that is not yet due for extension (both libraries extend it at most once a day), and
 * neither library writes on a read.
 *
 * @param adapter The library's adapter on a fresh store.
 * @returns The session token.
 * @throws When the adapter lacks `createUser` or `createSession`, or a write fails.
 * @example
 * ```ts
 * const sessionToken = await seedAlice(PostgresAdapter(pool));
 * ```
 */
export async function seedAlice(adapter: SeedingAdapter): Promise<string> {
  if (!adapter.createUser || !adapter.createSession) throw new Error("the adapter cannot create sessions");
  const user = await adapter.createUser(SEEDED_USER);
  const sessionToken = randomUUID();
  await adapter.createSession({
    sessionToken,
    userId: user.id,
    expires: new Date(Date.now() + THIRTY_DAYS_MS),
  });
  return sessionToken;
}
