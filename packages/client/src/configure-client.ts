/**
 * The client's defaults: set once with {@link configureClient}, overridden per call by the
 * options of each function.
 *
 * @module
 */
import { browserNavigate, inBrowser } from "./browser";
import type { ClientOptions } from "./types";

/** A client with every option decided: the actions' URL, the fetch to use and how to navigate. */
export interface ResolvedClient {
  /** `baseUrl + basePath`, without a trailing slash: `https://app.example/auth`. */
  apiUrl: string;
  /** The path part of {@link apiUrl}, for error messages. */
  basePath: string;
  fetch: typeof fetch;
  navigate: (url: string) => void;
}

let defaults: ClientOptions = {};

/**
 * Sets the defaults every client function uses when its own options leave a field out, as
 * next-auth's `SessionProvider` does with `basePath`. Each call replaces the previous defaults
 * entirely, so `configureClient({})` restores the built-in ones.
 *
 * @param options `basePath` (default `"/auth"`), `baseUrl` (default `window.location.origin`),
 *   `fetch` (default the global fetch), `navigate` (default: set `window.location.href`).
 * @example
 * ```ts
 * import { configureClient } from "@portcullis/client"
 * configureClient({ basePath: "/api/auth" })
 * ```
 */
export function configureClient(options: ClientOptions): void {
  defaults = { ...options };
}

/**
 * The defaults set by {@link configureClient}, for an entry that adds its own built-in ones (the
 * React entry's `/api/auth`) below them.
 *
 * @returns The options last passed to `configureClient` (empty when it was never called).
 * @example
 * ```ts
 * const basePath = configuredDefaults().basePath ?? "/api/auth"
 * ```
 */
export function configuredDefaults(): Readonly<ClientOptions> {
  return defaults;
}

/**
 * Decides the client for one call: the call's options, then the configured defaults, then the
 * built-in ones.
 *
 * @param options The call's options; fields other than the client options are ignored.
 * @throws Error when no `baseUrl` is given outside a browser, since there is no origin to use.
 */
export function resolveClient(options: ClientOptions = {}): ResolvedClient {
  const basePath = normaliseBasePath(options.basePath ?? defaults.basePath ?? "/auth");
  const baseUrl = options.baseUrl ?? defaults.baseUrl ?? (inBrowser() ? window.location.origin : undefined);
  if (baseUrl === undefined) {
    throw new Error(
      "@portcullis/client: no baseUrl outside a browser; pass `baseUrl` in the client options.",
    );
  }
  return {
    apiUrl: `${baseUrl.replace(/\/+$/, "")}${basePath}`,
    basePath,
    // Called through a wrapper so a browser's fetch never runs with a foreign `this` ("Illegal invocation").
    fetch: options.fetch ?? defaults.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    navigate: options.navigate ?? defaults.navigate ?? browserNavigate,
  };
}

/** `"auth/"` and `"/auth"` both become `"/auth"`; `"/"` and `""` become `""`. */
function normaliseBasePath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `/${trimmed}`;
}
