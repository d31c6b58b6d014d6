/**
 * @portcullis/hono: Portcullis's auth routes as a Hono handler, and a session helper.
 *
 * @module
 */
export type { AuthConfig, AuthConfigInput, Session } from "@portcullis/core";
export { getSession } from "./get-session";
export { HonoAuth } from "./hono-auth";
