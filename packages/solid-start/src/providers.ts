/**
 * @portcullis/solid-start/providers: the types of provider configurations (`Provider`, `OAuthConfig`,
 * `OAuthUserConfig`, ...), the very types of `@portcullis/core/providers`, under the SolidStart
 * package, as `@auth/solid-start/providers` has them. Types only; the providers are `@portcullis/solid-start/providers/<id>`.
 *
 * @example
 * ```ts
 * import type { OAuthUserConfig, Provider } from "@portcullis/solid-start/providers"
 * ```
 *
 * @module
 */
export type * from "@portcullis/core/providers";
