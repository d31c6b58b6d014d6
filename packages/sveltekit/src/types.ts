import type { AccessTokenResult, AuthConfig, Session, SessionInfo } from "@portcullis/core";
import type { Action, Handle, RequestEvent } from "@sveltejs/kit";

/**
 * The configuration of {@link SvelteKitAuth}: an AuthConfig, or a function of the request event
 * returning one (for settings read per request, e.g. from `event.platform.env`).
 */
export type SvelteKitAuthConfig = AuthConfig | ((event: RequestEvent) => AuthConfig | Promise<AuthConfig>);

/** What {@link SvelteKitAuth} returns. */
export interface SvelteKitAuthResult {
  /** The server hook: serves the auth routes and gives every other request `locals.auth()`. */
  handle: Handle;
  /** A form action signing in with the form's `providerId` (or `provider`) and `redirectTo`. */
  signIn: Action;
  /** A form action signing out, then redirecting to the form's `redirectTo`. */
  signOut: Action;
  /**
   * Ends every session of a user, for admin code (after a password change, a ban), and answers how
   * many ended. Pass the request event when the configuration is a function of it.
   */
  revokeSessions(userId: string, event?: RequestEvent): Promise<number>;
}

/**
 * `event.locals.sessions`: the signed-in user's own sessions. Each method answers null when the
 * request is signed out, and throws UnsupportedStrategy when the configuration keeps no session
 * store (JWT sessions without `session.store`).
 */
export interface SessionControl {
  /** The live sessions, newest first, each with the `id` {@link SessionControl.revoke} takes. */
  list(): Promise<SessionInfo[] | null>;
  /**
   * Ends one session by its listed `id` (another user's id ends nothing); answers how many ended.
   * Ending the current one clears its cookie, and `locals.auth()` answers null afterwards.
   */
  revoke(id: string): Promise<number | null>;
  /** Ends every session but the current one; answers how many ended. */
  revokeOthers(): Promise<number | null>;
  /** Ends every session, the current one included (its cookie cleared); answers how many ended. */
  revokeAll(): Promise<number | null>;
}

// Types `event.locals.auth()` in every app that imports this package: SvelteKit apps declare
// `App.Locals` in their own `src/app.d.ts`, and interfaces of the same name merge.
declare global {
  namespace App {
    interface Locals {
      /**
       * The session of this request, or `null` (read once per request, however often called).
       * Set by the `handle` hook of `SvelteKitAuth`.
       */
      auth(): Promise<Session | null>;
      /**
       * The same memoised session read as `auth()`, under the name `@auth/sveltekit` kept for it,
       * so apps written for it (`await event.locals.getSession()`) keep working. An app's own
       * `getSession`, set in an earlier hook, is left in place. Set by the `handle` hook of
       * `SvelteKitAuth`.
       * @deprecated Use `auth()`.
       */
      getSession(): Promise<Session | null>;
      /**
       * The signed-in user's sessions, to list and revoke; set by the `handle` hook of
       * `SvelteKitAuth`. Revoking sets cookies: call it from form actions and `+server.ts` handlers.
       */
      sessions: SessionControl;
      /**
       * A usable access token of an OAuth/OIDC provider for the signed-in user, refreshed with
       * the refresh token when it expires within `accessTokens.refreshBefore` seconds; null when
       * signed out or without tokens of that provider. Throws RefreshTokenError when a due refresh
       * fails for good. A refresh of JWT-held tokens sets the session cookie: call it where
       * cookies can be set (form actions, `+server.ts`, server `load`s before the response starts).
       * Set by the `handle` hook of `SvelteKitAuth`.
       */
      getAccessToken(providerId: string): Promise<AccessTokenResult | null>;
    }
  }
}
