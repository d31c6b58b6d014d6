/**
 * Session stores: where revocable sessions are registered. The adapter's session table serves
 * database sessions (and JWT sessions with `session.store: "adapter"`); `memorySessionStore()`
 * serves JWT sessions in one process. Control operations (list, revoke) work on either.
 */
import { callAdapter } from "../adapter/call";
import type { Adapter, AdapterSession } from "../adapters";
import type { SessionStore, StoredSession } from "../types";

/** The adapter methods a store over the session table needs. */
export const STORE_METHODS = [
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "listSessionsByUser",
  "deleteSessionsByUser",
] as const;

/**
 * A session row as a store keeps it: the token is its id.
 *
 * @param session - The adapter's row.
 * @returns The stored session.
 * @example
 * ```ts
 * storedSession({ sessionToken: "t", userId: "u", expires: new Date() }).id // "t"
 * ```
 */
export function storedSession(session: AdapterSession): StoredSession {
  return {
    id: session.sessionToken,
    userId: session.userId,
    expires: session.expires,
    createdAt: session.createdAt ?? null,
    lastSeenAt: session.lastSeenAt ?? null,
    userAgent: session.userAgent ?? null,
    ...(session.provider != null && { provider: session.provider }),
    ...(session.idpSessionId != null && { idpSessionId: session.idpSessionId }),
    ...(session.idToken != null && { idToken: session.idToken }),
  };
}

/**
 * A store over the adapter's session table: a session's id is its `sessionToken`.
 *
 * @param adapter An adapter with every method of {@link STORE_METHODS}.
 * @returns The store; each call's failure is an AdapterError naming the method.
 * @example
 * ```ts
 * const store = adapterSessionStore(MemoryAdapter())
 * ```
 */
export function adapterSessionStore(adapter: Adapter): SessionStore {
  return {
    create: async ({ id, ...rest }) => {
      await callAdapter("createSession", () => adapter.createSession!({ sessionToken: id, ...rest }));
    },
    get: async (id) => {
      const found = await callAdapter("getSessionAndUser", () => adapter.getSessionAndUser!(id));
      return found ? storedSession(found.session) : null;
    },
    touch: async (id, { lastSeenAt, expires }) => {
      await callAdapter("updateSession", () =>
        adapter.updateSession!({ sessionToken: id, lastSeenAt, expires }),
      );
    },
    delete: async (id) => {
      await callAdapter("deleteSession", () => adapter.deleteSession!(id));
      return true;
    },
    listByUser: async (userId) =>
      (await callAdapter("listSessionsByUser", () => adapter.listSessionsByUser!(userId))).map(storedSession),
    deleteByUser: (userId, except) =>
      callAdapter("deleteSessionsByUser", () =>
        adapter.deleteSessionsByUser!(userId, except === undefined ? {} : { except }),
      ),
    // Only where the adapter can: callers tell a store without it by the method's absence.
    ...(typeof adapter.deleteSessionsByIdpSession === "function" && {
      deleteByIdpSession: async (provider: string, idpSessionId: string) =>
        (
          await callAdapter("deleteSessionsByIdpSession", () =>
            adapter.deleteSessionsByIdpSession!({ provider, idpSessionId }),
          )
        ).map(storedSession),
    }),
  };
}

/**
 * An in-process session store, for JWT sessions revocable within one process (a single server,
 * tests). Expired sessions are swept as new ones come in. Several processes need a shared store.
 *
 * @returns A new, empty store.
 * @example
 * ```ts
 * import { memorySessionStore } from "@portcullis/core"
 * const session = { strategy: "jwt" as const, store: memorySessionStore() }
 * ```
 */
export function memorySessionStore(): SessionStore {
  const sessions = new Map<string, StoredSession>();
  let created = 0;
  // The core checks expiry against its own clock on every read; the sweep only bounds memory.
  const sweep = () => {
    const now = Date.now();
    for (const [id, session] of sessions) if (session.expires.getTime() < now) sessions.delete(id);
  };
  return {
    create: (session) => {
      if (++created % 256 === 0) sweep();
      sessions.set(session.id, { ...session });
    },
    get: (id) => {
      const session = sessions.get(id);
      return session ? { ...session } : null;
    },
    touch: (id, changes) => {
      const session = sessions.get(id);
      if (session) Object.assign(session, changes);
    },
    delete: (id) => sessions.delete(id),
    listByUser: (userId) => [...sessions.values()].filter((s) => s.userId === userId).map((s) => ({ ...s })),
    deleteByUser: (userId, except) => {
      let count = 0;
      for (const [id, session] of sessions)
        if (session.userId === userId && id !== except && sessions.delete(id)) count++;
      return count;
    },
    deleteByIdpSession: (provider, idpSessionId) => {
      const ended: StoredSession[] = [];
      for (const [id, session] of sessions) {
        if (session.provider !== provider || session.idpSessionId !== idpSessionId) continue;
        sessions.delete(id);
        ended.push({ ...session });
      }
      return ended;
    },
  };
}
