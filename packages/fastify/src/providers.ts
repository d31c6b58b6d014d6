/**
 * @portcullis/fastify/providers: the types of provider configurations (`Provider`, `OAuthConfig`,
 * `OAuthUserConfig`, ...), the very types of `@portcullis/core/providers`, under the Fastify
 * package, as `@auth/fastify/providers` has them. Types only; the providers are `@portcullis/fastify/providers/<id>`.
 *
 * @example
 * ```ts
 * import type { OAuthUserConfig, Provider } from "@portcullis/fastify/providers"
 * ```
 *
 * @module
 */
export type * from "@portcullis/core/providers";
