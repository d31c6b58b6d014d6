/**
 * Where database sessions are kept: the adapter's session table, or, when `session.store` names a
 * {@link SessionStore} (Redis, say), that store, with users still read from the adapter. The
 * database strategy goes through this alone, so both places behave the same to a client: the
 * cookie holds an opaque random token, which is the row's key.
 *
 * @module
 */
import { callAdapter } from "../adapter/call";
import { sameId } from "../adapter/ids";
import type { AdapterSession, AdapterUser } from "../adapters";
import type { InternalConfig } from "../config/normalize";
import { timingSafeEqual } from "../crypto/primitives";
import { AdapterError } from "../errors";
import type { LoggerInstance, SessionStore, StoredSession } from "../types";
import { storedSession } from "./store";

/** A database session and its user, as one read finds them. */
export interface FoundSession {
  session: AdapterSession;
  user: AdapterUser;
}

/** The operations of the database strategy on its sessions. */
export interface SessionRows {
  /**
   * Whether rows take the Portcullis session fields (createdAt, lastSeenAt, userAgent). A store
   * always does; an adapter does when it lists sessions. Others (Auth.js's own adapters) get
   * exactly what Auth.js sends, since an unknown field can fail their insert.
   */
  keepsDetails: boolean;
  /**
   * The session and its user; null when either is gone; "foreign" (already logged) when the answer
   * is not the asked token's session and its own user, which is then no session for anyone.
   */
  find(sessionToken: string): Promise<FoundSession | null | "foreign">;
  /**
   * Stores a new session; answers what was stored (typed as the adapter declares it, though a
   * buggy adapter may answer nothing usable: the caller checks). Throws an AdapterError when the
   * answer is a row of another token or another user.
   */
  create(session: AdapterSession): Promise<AdapterSession>;
  /** Moves a session's expiry (and lastSeenAt where details are kept). */
  extend(sessionToken: string, expires: Date, lastSeenAt: Date): Promise<void>;
  /** Deletes a session; answers it when known (for the `signOut` event). */
  remove(sessionToken: string): Promise<AdapterSession | null | undefined>;
}

function fromStore(stored: StoredSession): AdapterSession {
  return {
    sessionToken: stored.id,
    userId: stored.userId,
    expires: stored.expires,
    createdAt: stored.createdAt ?? null,
    lastSeenAt: stored.lastSeenAt ?? null,
    userAgent: stored.userAgent ?? null,
    ...(stored.provider != null && { provider: stored.provider }),
    ...(stored.idpSessionId != null && { idpSessionId: stored.idpSessionId }),
    ...(stored.idToken != null && { idToken: stored.idToken }),
  };
}

/**
 * What is wrong with a lookup's answer for `sessionToken`, or undefined when it is that token's
 * session with that session's own user. The adapter is the app's code or a shared database: a
 * query that falls back to some row, or joins the wrong user, must not sign the cookie's holder
 * in as someone else. The token is compared in constant time, so a lookup that answers another
 * token's row cannot be timed into telling that row's token.
 */
function foreignness(found: unknown, sessionToken: string): string | undefined {
  if (typeof found !== "object" || found === null) return "something that is not an object";
  const { session, user } = found as { session?: unknown; user?: unknown };
  if (typeof session !== "object" || session === null) return "no session object";
  if (typeof user !== "object" || user === null) return "no user object";
  const { sessionToken: answered, userId } = session as Partial<AdapterSession>;
  if (typeof answered !== "string" || !timingSafeEqual(answered, sessionToken))
    return "the session of another token";
  const { id } = user as Partial<AdapterUser>;
  if (!sameId(id, userId)) return "a user other than the session's";
  return undefined;
}

/**
 * What is wrong with `createSession`'s answer for the session asked to be stored, or undefined
 * when it may be that row. An adapter that inserts, then reads back "the newest session" (no
 * RETURNING on MySQL) races with every other sign-in, and its answer is then someone else's live
 * session: that sign-in is an adapter fault, as a foreign answer is on a read. An answer that
 * names no token or user (nothing, a row without them) names nobody else, and is left to the
 * caller's checks.
 */
function createdForeignness(answer: unknown, asked: AdapterSession): string | undefined {
  if (typeof answer !== "object" || answer === null) return undefined;
  const { sessionToken, userId } = answer as Partial<AdapterSession>;
  if (
    sessionToken != null &&
    sessionToken !== "" &&
    (typeof sessionToken !== "string" || !timingSafeEqual(sessionToken, asked.sessionToken))
  )
    return "the session of another token";
  if (userId != null && !sameId(userId, asked.userId)) return "a session of another user";
  return undefined;
}

/**
 * Logs an answer that is not the asked session's as an AdapterError naming the method that gave
 * it (never the token or the row) and tells the caller to answer no session. The answered row is
 * left alone: it may be another user's live session.
 */
function foreign(source: string, reason: string, logger: Pick<LoggerInstance, "error">): "foreign" {
  logger.error(
    new AdapterError(
      `${source} answered ${reason} for a session token; answered with no session, and no row was deleted.`,
    ),
  );
  return "foreign";
}

/** Sessions in `store`, users in the adapter. */
function storeRows(store: SessionStore, config: InternalConfig): SessionRows {
  const adapter = config.adapter!;
  return {
    keepsDetails: true,
    async find(sessionToken) {
      const stored = await store.get(sessionToken);
      if (!stored) return null;
      if (
        typeof stored !== "object" ||
        typeof stored.id !== "string" ||
        !timingSafeEqual(stored.id, sessionToken)
      )
        return foreign("The session store's get", "the session of another token", config.logger);
      const user = await callAdapter("getUser", () => adapter.getUser!(stored.userId));
      if (user) {
        const found = { session: fromStore(stored), user };
        const reason = foreignness(found, sessionToken);
        return reason ? foreign("The adapter's getUser", reason, config.logger) : found;
      }
      // The user was deleted in the database while the store kept the session: no table join
      // ends it as a foreign key would, so the first read does.
      await store.delete(sessionToken);
      return null;
    },
    async create(session) {
      await store.create(storedSession(session));
      return session;
    },
    async extend(sessionToken, expires, lastSeenAt) {
      await store.touch(sessionToken, { expires, lastSeenAt });
    },
    async remove(sessionToken) {
      const stored = await store.get(sessionToken);
      await store.delete(sessionToken);
      return stored ? fromStore(stored) : undefined;
    },
  };
}

/** Sessions in the adapter's table. */
function adapterRows(config: InternalConfig): SessionRows {
  const adapter = config.adapter!;
  const keepsDetails = typeof adapter.listSessionsByUser === "function";
  return {
    keepsDetails,
    async find(sessionToken) {
      const found = await callAdapter("getSessionAndUser", () => adapter.getSessionAndUser!(sessionToken));
      if (found === null || found === undefined) return null;
      const reason = foreignness(found, sessionToken);
      return reason ? foreign("The adapter's getSessionAndUser", reason, config.logger) : found;
    },
    async create(session) {
      let created: AdapterSession;
      try {
        created = await callAdapter("createSession", () => adapter.createSession!(session));
      } catch (error) {
        // Typically an adapter that gained listSessionsByUser (to enable session control) on a
        // table or ORM model without the columns those fields need: say which ones.
        if (!keepsDetails) throw error;
        throw new AdapterError(
          `The adapter's createSession failed. An adapter with listSessionsByUser is given the session-control fields too (${Object.keys(
            session,
          )
            .filter((key) => !["sessionToken", "userId", "expires"].includes(key))
            .join(", ")}): its table must store them (nullable columns), or drop the ones it does not keep.`,
          { cause: (error as Error).cause },
        );
      }
      const reason = createdForeignness(created, session);
      // The asked row is left too: no cookie carries its token, and it lapses with its expiry.
      if (reason)
        throw new AdapterError(
          `The adapter's createSession answered ${reason}; the sign-in was refused, and no row was deleted.`,
        );
      return created;
    },
    async extend(sessionToken, expires, lastSeenAt) {
      await callAdapter("updateSession", () =>
        adapter.updateSession!(
          keepsDetails ? { sessionToken, expires, lastSeenAt } : { sessionToken, expires },
        ),
      );
    },
    remove: async (sessionToken) =>
      (await callAdapter("deleteSession", () => adapter.deleteSession!(sessionToken))) ?? undefined,
  };
}

/**
 * Where the configuration keeps database sessions: `session.store` when it is a store, else the
 * adapter's table.
 *
 * @param config - The normalised configuration (database strategy, with an adapter).
 * @returns The operations on its sessions.
 * @example
 * ```ts
 * const found = await sessionRows(ctx.config).find(token)
 * ```
 */
export function sessionRows(config: InternalConfig): SessionRows {
  const { store } = config.session;
  return typeof store === "object" ? storeRows(store, config) : adapterRows(config);
}
