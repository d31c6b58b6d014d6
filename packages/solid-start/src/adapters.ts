/**
 * @portcullis/solid-start/adapters: the adapter contract (`Adapter`, `AdapterUser`, `AdapterSession`,
 * ...) and `isDate`, the very exports of `@portcullis/core/adapters`, under the SolidStart
 * package, as `@auth/solid-start/adapters` has it.
 *
 * @example
 * ```ts
 * import type { Adapter } from "@portcullis/solid-start/adapters"
 * ```
 *
 * @module
 */
export * from "@portcullis/core/adapters";
