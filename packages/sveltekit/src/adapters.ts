/**
 * @portcullis/sveltekit/adapters: the adapter contract (`Adapter`, `AdapterUser`, `AdapterSession`,
 * ...) and `isDate`, the very exports of `@portcullis/core/adapters`, under the SvelteKit
 * package, as `@auth/sveltekit/adapters` has it.
 *
 * @example
 * ```ts
 * import type { Adapter } from "@portcullis/sveltekit/adapters"
 * ```
 *
 * @module
 */
export * from "@portcullis/core/adapters";
