/**
 * @portcullis/express: Portcullis's auth routes as Express middleware, and a session helper.
 *
 * @module
 */
export type { AuthConfig, AuthConfigInput, Session } from "@portcullis/core";
export { ExpressAuth } from "./express-auth";
export { getSession } from "./get-session";
