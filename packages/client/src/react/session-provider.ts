/**
 * The React component that holds the session for the components below it.
 *
 * @module
 */
import {
  createElement,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from "react";
import { getSession } from "../get-session";
import type { ClientOptions, Session } from "../types";
import { updateSession } from "../update-session";
import { __NEXTAUTH, reactOptions } from "./client-config";
import { useRefetchTriggers } from "./refetch-triggers";
import { ClientContext, SessionContext, type SessionContextValue } from "./session-context";
import { announceSessionChange, onSessionChange, type SessionChangeListener } from "./session-events";
import { createSessionLoader, keepLastKnown } from "./session-loader";

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  children?: ReactNode;
  /**
   * The session already known, typically rendered on the server. When given (even `null`), the
   * first render shows it and no fetch is made on mount. Only the first value is used.
   */
  session?: Session | null;
  /**
   * Where the actions are mounted, for this provider's requests and (as in next-auth/react) for
   * the entry's `signIn`, `signOut`, `getSession`, `getCsrfToken` and `getProviders`. Default:
   * `configureClient`'s, else `"/api/auth"`.
   */
  basePath?: string;
  /** Origin of the server, likewise for the provider and the entry's functions. Default: the page's origin. */
  baseUrl?: string;
  /** Seconds between refetches, to keep the session alive and current. `0` or unset: never. */
  refetchInterval?: number;
  /** Refetch when the page becomes visible again. Default `true`. */
  refetchOnWindowFocus?: boolean;
  /** Refetch (on the interval and on focus) while the browser is offline. Default `true`. */
  refetchWhenOffline?: boolean;
}

/**
 * Holds the session for every `useSession` below it, as next-auth/react's `SessionProvider` does.
 * It fetches the session on mount (unless given one), refetches on an interval and when the page
 * is shown again, and hears sign-ins, sign-outs and updates made on this page (through this
 * entry's `signIn`, `signOut` and `update`) and in other tabs (over a `BroadcastChannel`).
 * Fetches made together share one request; an answer older than a known change is dropped.
 *
 * A background fetch that fails leaves the session as it was (status stays `"loading"` if nothing
 * was known yet) until a later fetch succeeds: a network blip does not sign the page out.
 *
 * @param props See {@link SessionProviderProps}.
 * @example
 * ```ts
 * import { createElement } from "react"
 * import { SessionProvider } from "@portcullis/client/react"
 * const app = createElement(SessionProvider, { refetchInterval: 300 }, "...")
 * ```
 */
export function SessionProvider(props: SessionProviderProps): ReactElement {
  const { children, basePath, baseUrl } = props;
  // Set while rendering, as next-auth/react does, so the entry's functions called from the
  // children's effects and handlers already reach the same server as this provider.
  if (basePath) __NEXTAUTH.basePath = basePath;
  if (baseUrl) __NEXTAUTH.baseUrl = baseUrl;
  const [initial] = useState(() => props.session);
  const [known, setKnown] = useState(() => stateOf(initial));
  const client = useMemo<ClientOptions>(() => reactOptions({ basePath, baseUrl }), [basePath, baseUrl]);
  const loader = useMemo(
    () =>
      createSessionLoader(
        () => getSession(client),
        (session) => setKnown(stateOf(session)),
      ),
    [client],
  );
  // A sign-out is certain (its cookies are gone), so it needs no fetch; anything else is confirmed with the server.
  const listener = useMemo<SessionChangeListener>(
    () => (change) => (change === "signout" ? loader.set(null) : keepLastKnown(loader.reload())),
    [loader],
  );

  useEffect(() => {
    if (initial === undefined) keepLastKnown(loader.refresh());
  }, [initial, loader]);
  useEffect(() => onSessionChange(listener), [listener]);
  useRefetchTriggers(loader, {
    refetchInterval: props.refetchInterval,
    refetchOnWindowFocus: props.refetchOnWindowFocus ?? true,
    refetchWhenOffline: props.refetchWhenOffline ?? true,
  });

  const update = useCallback(
    async (data?: unknown): Promise<Session | null> => {
      if (data === undefined) return loader.reload();
      const session = await updateSession(data, client);
      if (session === null) {
        // Refused: no session, or a failed CSRF check. Ask the server which, rather than guess.
        await loader.reload();
        return null;
      }
      loader.set(session);
      announceSessionChange("update", listener);
      return session;
    },
    [client, loader, listener],
  );
  const value = useMemo<SessionContextValue>(() => ({ ...known, update }), [known, update]);
  return createElement(
    ClientContext.Provider,
    { value: client },
    createElement(SessionContext.Provider, { value }, children),
  );
}

/** The state shown for a session: `undefined` is not yet known. */
function stateOf(session: Session | null | undefined): Omit<SessionContextValue, "update"> {
  // Undefined while loading, as next-auth/react's `data` is at run time (its types say null, and
  // so do ours, so that code written against them compiles): apps rely on it, e.g. a nested
  // `<SessionProvider session={data}>` loads the session itself only when handed undefined.
  if (session === undefined) return { data: undefined as unknown as null, status: "loading" };
  return { data: session, status: session === null ? "unauthenticated" : "authenticated" };
}
