/**
 * What a `SessionProvider` shares with the `useSession` calls below it.
 *
 * @module
 */
import { createContext } from "react";
import type { ClientOptions, Session } from "../types";

/** `"loading"` until the first answer, then whether there is a session. */
export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

/** What `useSession` returns: the session, its status, and a way to update or refetch it. */
export interface SessionContextValue {
  /**
   * The session; `null` when signed out. While `status` is `"loading"` it is `undefined` at run
   * time, as next-auth/react's is, though typed `null` as there.
   */
  data: Session | null;
  status: SessionStatus;
  /**
   * Sends `data` to the server's `session` action (the `jwt` callback sees `trigger: "update"`)
   * and shows the session it answers; without `data`, refetches the session.
   *
   * @returns The new session, or `null` when there is none or the server refused the update.
   * @throws ClientFetchError when the server is unreachable or answers with an error.
   */
  update: (data?: unknown) => Promise<Session | null>;
}

/**
 * Carries the nearest `SessionProvider`'s session, as next-auth/react's `SessionContext` does:
 * `useContext(SessionContext)` is what `useSession` answers, or `undefined` outside any provider.
 *
 * @example
 * ```ts
 * import { useContext } from "react"
 * import { SessionContext } from "@portcullis/client/react"
 * const insideProvider = () => useContext(SessionContext) !== undefined
 * ```
 */
export const SessionContext = createContext<SessionContextValue | undefined>(undefined);

/** Carries the client options of the nearest provider, for `useSession`'s sign-in redirect. */
export const ClientContext = createContext<ClientOptions>({});
