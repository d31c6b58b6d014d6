/**
 * @portcullis/next/adapters: the adapter contract (`Adapter`, `AdapterUser`, `AdapterSession`,
 * ...) and `isDate`, the very exports of `@portcullis/core/adapters`, under the Next.js
 * package, as `next-auth/adapters` has it.
 *
 * @example
 * ```ts
 * import type { Adapter } from "@portcullis/next/adapters"
 * ```
 *
 * @module
 */
export * from "@portcullis/core/adapters";
