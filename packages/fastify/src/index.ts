/**
 * @portcullis/fastify: Portcullis's auth routes as a Fastify plugin, and a session helper.
 *
 * @module
 */
export type { AuthConfig, AuthConfigInput, Session } from "@portcullis/core";
// As Auth.js's framework packages do: the errors an app catches, under the same names.
export { AuthError, CredentialsSignin, customFetch } from "@portcullis/core";
export { FastifyAuth } from "./fastify-auth";
export { getSession } from "./get-session";
