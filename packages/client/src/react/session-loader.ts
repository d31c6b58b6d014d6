/**
 * The session-fetching logic of a `SessionProvider`, kept apart from React: which fetch may be
 * shared, and which answer is still news.
 *
 * @module
 */
import type { Session } from "../types";

/** Fetches a provider's session and hands each answer that is still current to the provider. */
export interface SessionLoader {
  /**
   * Fetches the session, or joins the fetch already in flight: a poll and a focus at once, or a
   * component mounted twice, cost one request.
   */
  refresh(): Promise<Session | null>;
  /**
   * Fetches the session anew after a known change (a sign-in, another tab's update). A fetch in
   * flight is not joined: it may have been sent before the change, and its answer is dropped.
   */
  reload(): Promise<Session | null>;
  /** Takes a session learnt otherwise (an update's answer, a sign-out) and drops fetches in flight. */
  set(session: Session | null): void;
}

/**
 * Creates a {@link SessionLoader}. Answers are applied in the order the fetches started, never
 * the order they arrive, so a slow answer from before a sign-out cannot bring the session back.
 *
 * @param fetchSession Fetches the session from the server (it may reject).
 * @param apply Receives the session whenever it is the latest known.
 * @example
 * ```ts
 * const loader = createSessionLoader(() => getSession(), (session) => console.log(session))
 * await loader.refresh()
 * ```
 */
export function createSessionLoader(
  fetchSession: () => Promise<Session | null>,
  apply: (session: Session | null) => void,
): SessionLoader {
  let generation = 0;
  let inFlight: Promise<Session | null> | undefined;

  const start = (): Promise<Session | null> => {
    const mine = ++generation;
    const pending = fetchSession()
      .then((session) => {
        if (mine === generation) apply(session);
        return session;
      })
      .finally(() => {
        if (inFlight === pending) inFlight = undefined;
      });
    inFlight = pending;
    return pending;
  };

  return {
    refresh: () => inFlight ?? start(),
    reload: start,
    set(session) {
      generation++;
      inFlight = undefined;
      apply(session);
    },
  };
}

/**
 * Lets a background fetch (on mount, a poll, a focus, another tab's news) fail quietly: no caller
 * waits for it, so the provider keeps what it last knew and the next trigger tries again. Only
 * `update()` has a caller, and it rejects instead.
 *
 * @param fetching The fetch started by the trigger.
 * @example
 * ```ts
 * keepLastKnown(loader.refresh())
 * ```
 */
export function keepLastKnown(fetching: Promise<unknown>): void {
  fetching.catch(() => undefined);
}
