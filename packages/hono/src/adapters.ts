/**
 * @portcullis/hono/adapters: the adapter contract (`Adapter`, `AdapterUser`, `AdapterSession`,
 * ...) and `isDate`, the very exports of `@portcullis/core/adapters`, under the Hono
 * package.
 *
 * @example
 * ```ts
 * import type { Adapter } from "@portcullis/hono/adapters"
 * ```
 *
 * @module
 */
export * from "@portcullis/core/adapters";
