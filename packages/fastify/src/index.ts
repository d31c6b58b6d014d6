/**
 * @portcullis/fastify: Portcullis's auth routes as a Fastify plugin, and a session helper.
 *
 * @module
 */
export type { AuthConfig, AuthConfigInput, Session } from "@portcullis/core";
export { FastifyAuth } from "./fastify-auth";
export { getSession } from "./get-session";
