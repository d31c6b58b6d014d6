/**
 * The React hook that reads the session held by the nearest `SessionProvider`.
 *
 * @module
 */
import { useContext, useEffect, useRef } from "react";
import { currentPage } from "../browser";
import { resolveClient } from "../configure-client";
import { ClientContext, SessionContext, type SessionContextValue } from "./session-context";

/** Options of {@link useSession}. */
export interface UseSessionOptions {
  /**
   * The component needs a session: when there is none, `onUnauthenticated` runs (by default the
   * browser goes to the sign-in page and comes back afterwards), and the status stays `"loading"`
   * so the component never renders its signed-in view meanwhile.
   */
  required?: boolean;
  /** Runs, instead of the redirect, when `required` is set and there is no session. */
  onUnauthenticated?: () => void;
}

/**
 * Reads the session from the nearest {@link SessionProvider}, as next-auth/react's `useSession`
 * does: `{ data, status, update }`, re-rendering when the session changes.
 *
 * @param options `required` and `onUnauthenticated`, see {@link UseSessionOptions}.
 * @returns The session, its status and `update`.
 * @throws Error when called outside a `SessionProvider`.
 * @example
 * ```ts
 * import { useSession } from "@portcullis/client/react"
 * function Greeting() {
 *   const { data, status } = useSession({ required: true })
 *   return status === "authenticated" ? `Hello ${data?.user?.name}` : "Loading..."
 * }
 * ```
 */
export function useSession(options?: UseSessionOptions): SessionContextValue {
  const value = useContext(SessionContext);
  const client = useContext(ClientContext);
  if (value === undefined) {
    throw new Error(
      "@portcullis/client/react: useSession must be called inside a <SessionProvider>; wrap your app (or this component) in one.",
    );
  }
  const mustSignIn = (options?.required ?? false) && value.status === "unauthenticated";
  // Kept in a ref so an inline callback, new at every render, runs once per sign-out, not once per render.
  const onUnauthenticated = useRef(options?.onUnauthenticated);
  useEffect(() => {
    onUnauthenticated.current = options?.onUnauthenticated;
  });

  useEffect(() => {
    if (!mustSignIn) return;
    if (onUnauthenticated.current) {
      onUnauthenticated.current();
      return;
    }
    const { apiUrl, navigate } = resolveClient(client);
    const query = new URLSearchParams({ error: "SessionRequired" });
    const callbackUrl = currentPage();
    if (callbackUrl !== undefined) query.set("callbackUrl", callbackUrl);
    navigate(`${apiUrl}/signin?${query}`);
  }, [mustSignIn, client]);

  return mustSignIn ? { ...value, status: "loading" } : value;
}
