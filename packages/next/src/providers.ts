/**
 * @portcullis/next/providers: the types of provider configurations (`Provider`, `OAuthConfig`,
 * `OAuthUserConfig`, ...), the very types of `@portcullis/core/providers`, under the Next.js
 * package, as `next-auth/providers` has them. Types only; the providers are `@portcullis/next/providers/<id>`.
 *
 * @example
 * ```ts
 * import type { OAuthUserConfig, Provider } from "@portcullis/next/providers"
 * ```
 *
 * @module
 */
export type * from "@portcullis/core/providers";
