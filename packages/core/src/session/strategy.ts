/**
 * The session-strategy interface: what the actions need from a session store, so that the JWT
 * and database strategies are interchangeable.
 */

import type { AdapterUser } from "../adapters";
import type { ActionContext, AuthRequest, AuthResult } from "../context";
import type { SetCookie } from "../http/cookies";
import type { Account, Profile, User } from "../types";

/** A signed-in user, as the sign-in flows hand it over. */
export interface SignedIn {
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  isNewUser?: boolean;
}

/** A session store. */
export interface SessionStrategy {
  /** GET session: the session JSON (or null), refreshing the cookie as the strategy says. */
  read(req: AuthRequest, ctx: ActionContext): Promise<AuthResult>;
  /** POST session: a client update of the session data (CSRF already checked). */
  update(req: AuthRequest, ctx: ActionContext, data: unknown): Promise<AuthResult>;
  /** Starts a session after sign-in; returns the cookies to set. */
  create(signedIn: SignedIn, req: AuthRequest, ctx: ActionContext): Promise<SetCookie[]>;
  /** Ends the session; returns the cookies that clear it. */
  end(req: AuthRequest, ctx: ActionContext): Promise<SetCookie[]>;
}
