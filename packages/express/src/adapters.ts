/**
 * @portcullis/express/adapters: the adapter contract (`Adapter`, `AdapterUser`, `AdapterSession`,
 * ...) and `isDate`, the very exports of `@portcullis/core/adapters`, under the Express
 * package, as `@auth/express/adapters` has it.
 *
 * @example
 * ```ts
 * import type { Adapter } from "@portcullis/express/adapters"
 * ```
 *
 * @module
 */
export * from "@portcullis/core/adapters";
