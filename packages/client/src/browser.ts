/**
 * What the client reads from, and does to, the browser window. Every function checks for a window
 * first, so the client also loads in Node, Deno, workers and server rendering.
 *
 * @module
 */

/** Whether a browser window (with a location) is present. */
export function inBrowser(): boolean {
  return typeof window !== "undefined" && typeof window.location !== "undefined";
}

/** The page the user is on, the default place to come back to; `undefined` outside a browser. */
export function currentPage(): string | undefined {
  return inBrowser() ? window.location.href : undefined;
}

/**
 * Sends the browser to `url`. Setting `location.href` to a URL that differs from the current one
 * only in its hash scrolls instead of loading, which would leave a signed-in user looking at the
 * signed-out page; such a navigation is followed by a reload.
 *
 * @param url Where to go, absolute or relative to the current page.
 * @throws Error outside a browser: pass `navigate` in the options there.
 * @example
 * ```ts
 * browserNavigate("/dashboard")
 * ```
 */
export function browserNavigate(url: string): void {
  if (!inBrowser()) {
    throw new Error(
      "@portcullis/client: no browser window to navigate; pass `navigate` in the client options.",
    );
  }
  const from = new URL(window.location.href);
  const to = new URL(url, from);
  const onlyHashChanges =
    to.hash !== "" && to.origin === from.origin && to.pathname === from.pathname && to.search === from.search;
  window.location.href = to.href;
  if (onlyHashChanges) window.location.reload();
}
