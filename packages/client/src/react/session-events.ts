/**
 * How a change of session reaches every `SessionProvider`: those on this page directly, and those
 * in other tabs and windows of the same origin over a `BroadcastChannel`. A message carries only
 * what happened, never the session itself: each receiver asks its own server, so nothing a
 * message says can make a page believe in a session the server does not confirm.
 *
 * @module
 */

/** What changed the session: a sign-in, a sign-out, or a session update. */
export type SessionChange = "signin" | "signout" | "update";

/** Receives the changes made by this page (other than its own) and by other tabs. */
export type SessionChangeListener = (change: SessionChange) => void;

/** The channel's name, shared by every tab of the origin. */
export const SESSION_CHANNEL = "portcullis.session";

const CHANGES: ReadonlySet<string> = new Set<SessionChange>(["signin", "signout", "update"]);
const listeners = new Set<SessionChangeListener>();
/** Open while a listener is subscribed; closed after, since an open channel keeps a page out of the back/forward cache. */
let channel: BroadcastChannel | undefined;

/**
 * Tells every subscribed listener on this page, except `source`, and every other tab that the
 * session changed.
 *
 * @param change What happened.
 * @param source The listener that made the change and already knows its outcome.
 * @example
 * ```ts
 * announceSessionChange("signout")
 * ```
 */
export function announceSessionChange(change: SessionChange, source?: SessionChangeListener): void {
  for (const listener of [...listeners]) if (listener !== source) listener(change);
  if (typeof BroadcastChannel === "undefined") return;
  const message = { event: "session", change };
  if (channel) {
    channel.postMessage(message);
    return;
  }
  // Nothing here listens; a short-lived channel still reaches the other tabs, since a message is
  // queued for them when it is posted.
  const sender = new BroadcastChannel(SESSION_CHANNEL);
  sender.postMessage(message);
  sender.close();
}

/**
 * Subscribes `listener` to session changes made by this page and by other tabs.
 *
 * @param listener Called with each change.
 * @returns A function that unsubscribes it.
 * @example
 * ```ts
 * const stop = onSessionChange((change) => console.log(change))
 * stop()
 * ```
 */
export function onSessionChange(listener: SessionChangeListener): () => void {
  listeners.add(listener);
  if (!channel && typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const change = changeOf(event.data);
      if (change !== undefined) for (const each of [...listeners]) each(change);
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && channel) {
      channel.close();
      channel = undefined;
    }
  };
}

/** The change a message announces; `undefined` for anything else posted on the channel. */
function changeOf(data: unknown): SessionChange | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { event, change } = data as { event?: unknown; change?: unknown };
  return event === "session" && typeof change === "string" && CHANGES.has(change)
    ? (change as SessionChange)
    : undefined;
}
