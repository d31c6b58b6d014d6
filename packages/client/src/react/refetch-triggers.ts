/**
 * When a `SessionProvider` refetches on its own: on a timer, and when the page is shown again.
 *
 * @module
 */
import { useEffect } from "react";
import { keepLastKnown, type SessionLoader } from "./session-loader";

/** The provider's refetch settings, defaults already applied. */
export interface RefetchSettings {
  /** Seconds between polls; `0` or `undefined` never polls. */
  refetchInterval: number | undefined;
  refetchOnWindowFocus: boolean;
  refetchWhenOffline: boolean;
}

/**
 * Refetches through `loader` every `refetchInterval` seconds and whenever the document becomes
 * visible, skipping both while the browser is offline unless `refetchWhenOffline`. Both join a
 * fetch already in flight rather than start another.
 *
 * @param loader The provider's loader.
 * @param settings When to refetch.
 * @example
 * ```ts
 * useRefetchTriggers(loader, { refetchInterval: 300, refetchOnWindowFocus: true, refetchWhenOffline: false })
 * ```
 */
export function useRefetchTriggers(loader: SessionLoader, settings: RefetchSettings): void {
  const { refetchInterval, refetchOnWindowFocus, refetchWhenOffline } = settings;

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible" && mayFetch(refetchWhenOffline)) {
        keepLastKnown(loader.refresh());
      }
    };
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => document.removeEventListener("visibilitychange", onVisibilityChange);
  }, [loader, refetchOnWindowFocus, refetchWhenOffline]);

  useEffect(() => {
    if (!refetchInterval || refetchInterval <= 0) return;
    const timer = setInterval(() => {
      if (mayFetch(refetchWhenOffline)) keepLastKnown(loader.refresh());
    }, refetchInterval * 1000);
    return () => clearInterval(timer);
  }, [loader, refetchInterval, refetchWhenOffline]);
}

/** Whether to fetch now: always when allowed offline, otherwise only while the browser is online. */
function mayFetch(whenOffline: boolean): boolean {
  return whenOffline || typeof navigator === "undefined" || navigator.onLine !== false;
}
