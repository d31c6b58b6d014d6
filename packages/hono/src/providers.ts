/**
 * @portcullis/hono/providers: the types of provider configurations (`Provider`, `OAuthConfig`,
 * `OAuthUserConfig`, ...), the very types of `@portcullis/core/providers`, under the Hono
 * package. Types only; the providers are `@portcullis/hono/providers/<id>`.
 *
 * @example
 * ```ts
 * import type { OAuthUserConfig, Provider } from "@portcullis/hono/providers"
 * ```
 *
 * @module
 */
export type * from "@portcullis/core/providers";
