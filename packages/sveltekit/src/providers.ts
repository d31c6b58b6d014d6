/**
 * @portcullis/sveltekit/providers: the types of provider configurations (`Provider`, `OAuthConfig`,
 * `OAuthUserConfig`, ...), the very types of `@portcullis/core/providers`, under the SvelteKit
 * package, as `@auth/sveltekit/providers` has them. Types only; the providers are `@portcullis/sveltekit/providers/<id>`.
 *
 * @example
 * ```ts
 * import type { OAuthUserConfig, Provider } from "@portcullis/sveltekit/providers"
 * ```
 *
 * @module
 */
export type * from "@portcullis/core/providers";
