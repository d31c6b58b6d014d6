import type { Adapter, AdapterSession } from "@portcullis/core/adapters";
import { copy, definedFields, type MemoryStore, requireUser } from "./store";

type SessionMethods = Required<
  Pick<Adapter, "createSession" | "getSessionAndUser" | "updateSession" | "deleteSession">
>;

/** The database-session methods of the memory adapter. */
export function sessionMethods(store: MemoryStore): SessionMethods {
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
  };
}
