/**
 * The session-strategy interface: what the actions need from a session store, so that the JWT
 * and database strategies are interchangeable.
 */

import type { AdapterUser } from "../adapters";
import type { ActionContext, AuthRequest } from "../context";
import type { SetCookie } from "../http/cookies";
import type { Account, Profile, Session, User } from "../types";
import type { IdpSession } from "./idp";

/** A signed-in user, as the sign-in flows hand it over. */
export interface SignedIn {
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  isNewUser?: boolean;
  /** The ID token of an OpenID Connect callback, remembered for logout (see session/idp.ts). */
  idToken?: string;
}

/**
 * A session as read or updated: what the `session` callback made of it (null when there is none),
 * and the cookies that keep it alive or clear it. Data, not an HTTP answer: the session action
 * and the engine's server face each turn it into what their caller needs.
 */
export interface SessionState {
  session: Session | null;
  cookies: SetCookie[];
  /** An update that could not be applied (no session, a failing callback): HTTP answers 400. */
  refused?: boolean;
}

/** Who a request's session belongs to, and its id in the session store. */
export interface Identity {
  userId: string;
  /** The store's key of this session (a database session's token, a JWT's `sid`). */
  currentId: string;
}

/** How a session is read. */
export interface ReadOptions {
  /**
   * Whether the read may extend a stored session (default true). False for a caller that cannot
   * set the cookies the read answers: an extension its cookie does not follow would outlive it.
   */
  extend?: boolean;
}

/** A session store. */
export interface SessionStrategy {
  /** The session of the request (or null), refreshing the cookie as the strategy says. */
  read(req: AuthRequest, ctx: ActionContext, options?: ReadOptions): Promise<SessionState>;
  /** An update of the session data by the client or the app's server code. */
  update(req: AuthRequest, ctx: ActionContext, data: unknown): Promise<SessionState>;
  /** Starts a session after sign-in; returns the cookies to set. */
  create(signedIn: SignedIn, req: AuthRequest, ctx: ActionContext): Promise<SetCookie[]>;
  /** Ends the session; returns the cookies that clear it. */
  end(req: AuthRequest, ctx: ActionContext): Promise<SetCookie[]>;
  /**
   * Who is signed in and which stored session it is, checked against the store now: for listing
   * and revoking sessions. Null when signed out or when the session is not in a store.
   */
  identify(req: AuthRequest, ctx: ActionContext): Promise<Identity | null>;
  /**
   * The identity provider the request's session was signed in with, as the session remembers it;
   * null when signed out, signed in otherwise, or the store keeps no such link. Read before `end`.
   */
  idpSession(req: AuthRequest, ctx: ActionContext): Promise<IdpSession | null>;
}
