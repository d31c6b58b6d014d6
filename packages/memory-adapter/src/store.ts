import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";

/** The maps behind one memory adapter. */
export interface MemoryStore {
  users: Map<string, AdapterUser>;
  /** Keyed by {@link pairKey}(provider, providerAccountId). */
  accounts: Map<string, AdapterAccount>;
  /** Keyed by session token. */
  sessions: Map<string, AdapterSession>;
  /** Keyed by {@link pairKey}(identifier, token). */
  tokens: Map<string, VerificationToken>;
  /** Keyed by credential id. */
  authenticators: Map<string, AdapterAuthenticator>;
}

/** An empty store. */
export function createStore(): MemoryStore {
  return {
    users: new Map(),
    accounts: new Map(),
    sessions: new Map(),
    tokens: new Map(),
    authenticators: new Map(),
  };
}

/** Rows are cloned on the way in and out so callers can never mutate what is stored. */
export function copy<T>(row: T): T {
  return structuredClone(row);
}

/** A map key for a pair; JSON keeps `("a:b", "c")` and `("a", "b:c")` apart. */
export function pairKey(a: string, b: string): string {
  return JSON.stringify([a, b]);
}

/** The defined fields of a partial update; an undefined field means "leave unchanged". */
export function definedFields<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Rejects a row that refers to an unknown user, as a foreign key would. */
export function requireUser(store: MemoryStore, userId: string): void {
  if (!store.users.has(userId)) throw new AdapterError("The row refers to a user that does not exist.");
}
