import type { AuthConfig, Session } from "@portcullis/core";
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
    }
  }
}
