/**
 * Where database sessions are kept: the adapter's session table, or, when `session.store` names a
 * {@link SessionStore} (Redis, say), that store, with users still read from the adapter. The
 * database strategy goes through this alone, so both places behave the same to a client: the
 * cookie holds an opaque random token, which is the row's key.
 *
 * @module
 */
import { callAdapter } from "../adapter/call";
import type { AdapterSession, AdapterUser } from "../adapters";
import type { InternalConfig } from "../config/normalize";
import type { SessionStore, StoredSession } from "../types";
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
  /** The session and its user, or null when either is gone. */
  find(sessionToken: string): Promise<FoundSession | null>;
  /**
   * Stores a new session; answers what was stored (typed as the adapter declares it, though a
   * buggy adapter may answer nothing usable: the caller checks).
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

/** Sessions in `store`, users in the adapter. */
function storeRows(store: SessionStore, config: InternalConfig): SessionRows {
  const adapter = config.adapter!;
  return {
    keepsDetails: true,
    async find(sessionToken) {
      const stored = await store.get(sessionToken);
      if (!stored) return null;
      const user = await callAdapter("getUser", () => adapter.getUser!(stored.userId));
      if (user) return { session: fromStore(stored), user };
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
    find: (sessionToken) => callAdapter("getSessionAndUser", () => adapter.getSessionAndUser!(sessionToken)),
    create: (session) => callAdapter("createSession", () => adapter.createSession!(session)),
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
