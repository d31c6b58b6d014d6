/**
 * Symbols that switch on Auth.js-compatible behaviour from a configuration object: a provider's
 * own `fetch`, and the raw result of `Auth`. Symbols, not string keys, so no JSON configuration
 * or environment variable can set them by accident.
 */

/**
 * Key of a provider option that replaces `fetch` for every request Portcullis makes to that
 * provider: discovery, token, userinfo and JWKS. Use it to go through a corporate proxy, add
 * headers, or record traffic. The request still carries the `timeouts.http` abort signal; pass
 * `init.signal` on so the time-out applies. A registered symbol (`Symbol.for`), so two copies of
 * the package in one app (a bundler quirk) still agree on it. Auth.js's own `customFetch` is an
 * unregistered symbol and cannot be recognised; import this one.
 *
 * @example
 * ```ts
 * GitHub({ [customFetch]: (input, init) => fetch(input, { ...init, keepalive: true }) })
 * ```
 */
export const customFetch: unique symbol = Symbol.for("@portcullis/core.customFetch");

/**
 * Value of the `raw` configuration key that makes `Auth` return the internal result (status,
 * headers, body, cookies, redirect) instead of a `Response`, as Auth.js's `raw` does, for
 * integrations that build their own response.
 *
 * @example
 * ```ts
 * const result = await Auth(request, { ...config, raw })
 * ```
 */
export const raw: unique symbol = Symbol.for("@portcullis/core.raw");
