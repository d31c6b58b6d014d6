/**
 * @portcullis/fastify/adapters: the adapter contract (`Adapter`, `AdapterUser`, `AdapterSession`,
 * ...) and `isDate`, the very exports of `@portcullis/core/adapters`, under the Fastify
 * package, as `@auth/fastify/adapters` has it.
 *
 * @example
 * ```ts
 * import type { Adapter } from "@portcullis/fastify/adapters"
 * ```
 *
 * @module
 */
export * from "@portcullis/core/adapters";
