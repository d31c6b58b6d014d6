/**
 * @portcullis/express/providers: the types of provider configurations (`Provider`, `OAuthConfig`,
 * `OAuthUserConfig`, ...), the very types of `@portcullis/core/providers`, under the Express
 * package, as `@auth/express/providers` has them. Types only; the providers are `@portcullis/express/providers/<id>`.
 *
 * @example
 * ```ts
 * import type { OAuthUserConfig, Provider } from "@portcullis/express/providers"
 * ```
 *
 * @module
 */
export type * from "@portcullis/core/providers";
