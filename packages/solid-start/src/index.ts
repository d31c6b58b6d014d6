/**
 * @portcullis/solid-start: Portcullis's auth routes as SolidStart API route handlers, and a
 * session helper.
 *
 * @module
 */
export type { AuthConfig, AuthConfigInput, Session } from "@portcullis/core";
// As Auth.js's framework packages do: the errors an app catches, under the same names.
export { AuthError, CredentialsSignin, customFetch } from "@portcullis/core";
export { getSession } from "./get-session";
export { type NodeEvent, rejectMalformedHost } from "./host-guard";
export { SolidAuth, type SolidAuthEvent, type SolidAuthHandlers } from "./solid-auth";
