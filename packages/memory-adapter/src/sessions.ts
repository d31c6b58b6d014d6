import type { Adapter, AdapterSession, AdapterSessionMethods } from "@portcullis/core/adapters";
import { copy, definedFields, type MemoryStore, requireUser } from "./store";

/**
 * The database-session methods of the memory adapter. Sessions are stored whole, so
 * `createdAt`, `lastSeenAt` and `userAgent` are kept and answered like every other field.
 */
export function sessionMethods(
  store: MemoryStore,
): AdapterSessionMethods & Required<Pick<Adapter, "deleteSessionsByIdpSession">> {
  const { sessions } = store;
  return {
    async createSession(session) {
      requireUser(store, session.userId);
      sessions.set(session.sessionToken, copy(session));
      return copy(session);
    },
    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken);
      const user = session && store.users.get(session.userId);
      return session && user ? { session: copy(session), user: copy(user) } : null;
    },
    async updateSession(changes) {
      const stored = sessions.get(changes.sessionToken);
      if (!stored) return null;
      const next: AdapterSession = { ...stored, ...copy(definedFields(changes)) };
      sessions.set(next.sessionToken, next);
      return copy(next);
    },
    async deleteSession(sessionToken) {
      const session = sessions.get(sessionToken);
      sessions.delete(sessionToken);
      return session ? copy(session) : null;
    },
    async listSessionsByUser(userId) {
      // Expired sessions are listed too: the caller decides what an expired session means.
      return [...sessions.values()].filter((session) => session.userId === userId).map(copy);
    },
    async deleteSessionsByUser(userId, options) {
      // No await in this loop, so no other call can add or use a session of this user halfway.
      let deleted = 0;
      for (const [token, session] of sessions) {
        if (session.userId !== userId || token === options?.except) continue;
        sessions.delete(token);
        deleted++;
      }
      return deleted;
    },
    async deleteSessionsByIdpSession({ provider, idpSessionId }) {
      const deleted: AdapterSession[] = [];
      for (const [token, session] of sessions) {
        if (session.provider !== provider || session.idpSessionId !== idpSessionId) continue;
        sessions.delete(token);
        deleted.push(copy(session));
      }
      return deleted;
    },
  };
}
