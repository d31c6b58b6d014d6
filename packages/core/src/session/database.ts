/**
 * The database session strategy: the cookie holds only a random session token; the session row
 * lives in the adapter, or in `session.store` when one is configured (see rows.ts). A read (or
 * an update) extends the session by maxAge at most once per updateAge, and a read after expiry
 * deletes it. An adapter failure is logged and answered with no session, but the cookie is kept:
 * a database blip must not sign everyone out. So is an answer that is not the cookie's session
 * with its own user (see rows.ts): the fault is the adapter's, and the row it answered, perhaps
 * another user's live session, is not deleted.
 */
import type { AdapterSession } from "../adapters";
import type { ActionContext, AuthRequest } from "../context";
import {
  AdapterError,
  SessionStoreUnavailable,
  SessionTokenError,
  SignOutError,
  UnsupportedStrategy,
} from "../errors";
import { emit } from "../events";
import { clearChunked, cookieValues, type SetCookie } from "../http/cookies";
import type { Session, SessionCallbackParams } from "../types";
import { adapterDateExpired } from "./expiry";
import { idpSessionOf } from "./idp";
import { absoluteExpiry, userAgentOf } from "./lifetime";
import { type FoundSession, sessionRows } from "./rows";
import type { SessionState, SessionStrategy } from "./strategy";

/**
 * When a stored session began, if the row keeps it (see `keepsDetails` in rows.ts): the sign-in
 * time. Unlike `expires`, which every extension moves, nobody holding the cookie can change it.
 *
 * @param session - The stored session.
 * @returns Ms since the epoch, or undefined when the adapter keeps no `createdAt`.
 * @example
 * ```ts
 * const signedInAt = startOf(found.session) ?? null
 * ```
 */
export function startOf(session: AdapterSession): number | undefined {
  const { createdAt } = session;
  return createdAt instanceof Date && !Number.isNaN(createdAt.getTime()) ? createdAt.getTime() : undefined;
}

function sessionCookie(sessionToken: string, expires: Date, ctx: ActionContext): SetCookie {
  const { name, options } = ctx.cookies.sessionToken;
  return { name, value: sessionToken, options: Object.assign({}, options, { expires }) };
}

function clear(req: AuthRequest, ctx: ActionContext): SetCookie[] {
  return clearChunked(ctx.cookies.sessionToken.name, ctx.cookies.sessionToken.options, req.cookies);
}

/**
 * Whether a cookie's value could be a session token at all. One holding a control character (a
 * NUL, sent as `%00`) is no token any configuration issued, and PostgreSQL's text type refuses
 * it: looked up, it would log a database failure on every request of whoever sends it.
 */
function couldBeToken(sessionToken: string): boolean {
  return !/\p{Cc}/u.test(sessionToken);
}

/**
 * Finds the session of a cookie's token, deleting it when expired or past its absolute lifetime;
 * "foreign" when the adapter answered another token's row or another user (logged, kept). A
 * value that cannot be a token is not looked up: it is answered as an unknown token is.
 */
async function find(sessionToken: string, ctx: ActionContext): Promise<FoundSession | "expired" | "foreign"> {
  if (!couldBeToken(sessionToken)) return "expired";
  const rows = sessionRows(ctx.config);
  const found = await rows.find(sessionToken);
  if (!found) return "expired";
  if (found === "foreign") return found;
  // A session whose expires is not a valid Date is expired, and so is one past its absolute
  // lifetime: deleted, and its cookie cleared.
  if (
    adapterDateExpired(found.session.expires, ctx.now, "getSessionAndUser", ctx.config.logger) ||
    absoluteExpiry(startOf(found.session), ctx.config.session) <= ctx.now
  ) {
    await rows.remove(sessionToken);
    return "expired";
  }
  return found;
}

interface Loaded extends FoundSession {
  cookies: SetCookie[];
}

/**
 * Loads the session (see {@link find}) and extends it when updateAge has passed, unless `extend`
 * is false. An update (POST /session) extends it no sooner than a read, as in Auth.js: an
 * extension is a write, and whoever holds the cookie must not be able to force one per request.
 */
async function load(
  req: AuthRequest,
  ctx: ActionContext,
  extend = true,
): Promise<Loaded | "none" | "expired" | "foreign"> {
  const sessionToken = req.cookies.get(ctx.cookies.sessionToken.name);
  if (!sessionToken) return "none";
  const found = await find(sessionToken, ctx);
  if (typeof found === "string") return found;
  const { maxAge, updateAge } = ctx.config.session;
  const expires = found.session.expires.getTime();
  if (!extend || expires - maxAge * 1000 + updateAge * 1000 > ctx.now) return { ...found, cookies: [] };
  // Extended at most once per updateAge, and lastSeenAt with it: never a write per read.
  const ends = absoluteExpiry(startOf(found.session), ctx.config.session);
  const newExpires = new Date(Math.min(ctx.now + maxAge * 1000, ends));
  const lastSeenAt = new Date(ctx.now);
  await sessionRows(ctx.config).extend(sessionToken, newExpires, lastSeenAt);
  return {
    session: { ...found.session, expires: newExpires, lastSeenAt },
    user: found.user,
    cookies: [sessionCookie(sessionToken, newExpires, ctx)],
  };
}

/**
 * The request's database session and its user, judged as a read judges them (expiry, absolute
 * lifetime; an expired row is deleted) but never extended: for flows that ask who is signed in
 * without answering a session.
 *
 * @param req - The request (its session cookie).
 * @param ctx - The action context (database strategy).
 * @returns The session and its user, or null.
 * @throws {AdapterError} When an adapter call fails ({@link SessionStoreUnavailable} for a store).
 * @example
 * ```ts
 * const found = await liveSession(req, ctx) // { session, user } or null
 * ```
 */
export async function liveSession(req: AuthRequest, ctx: ActionContext): Promise<FoundSession | null> {
  const sessionToken = req.cookies.get(ctx.cookies.sessionToken.name);
  if (!sessionToken) return null;
  const found = await find(sessionToken, ctx);
  return typeof found === "string" ? null : found;
}

async function answer(
  req: AuthRequest,
  ctx: ActionContext,
  update?: { data: unknown },
  extend?: boolean,
): Promise<SessionState> {
  let loaded: Awaited<ReturnType<typeof load>>;
  try {
    loaded = await load(req, ctx, extend);
  } catch (error) {
    // A store outage is logged once when it begins (see watched-store.ts), not on every read.
    if (error instanceof SessionStoreUnavailable) return { session: null, cookies: [], refused: !!update };
    // Logged as Auth.js does, so log alerts keyed on SessionTokenError keep working after a move.
    ctx.config.logger.error(
      new SessionTokenError("The database session could not be read; answered with no session.", {
        cause: error,
      }),
    );
    return { session: null, cookies: [], refused: !!update };
  }
  // No cookie, or an adapter answer that was not its session (logged): the cookie stays as it is.
  if (loaded === "none" || loaded === "foreign") return { session: null, cookies: [], refused: !!update };
  if (loaded === "expired") return { session: null, cookies: clear(req, ctx), refused: !!update };
  let session: Session;
  try {
    session = await toSession(loaded, ctx, update);
  } catch (error) {
    ctx.config.logger.error(
      new SessionTokenError("The session callback threw; answered with no session.", { cause: error }),
    );
    // The app's callback failed, not the cookie: the row stays, and the cookie follows it (an
    // extension made by this read included), so the next read finds the session again.
    return { session: null, cookies: loaded.cookies, refused: !!update };
  }
  await emit(ctx.config, "session", { session });
  return { session, cookies: loaded.cookies };
}

/** Builds the client session from a stored one, through the `session` callback. */
async function toSession(
  { user, session: row }: FoundSession,
  ctx: ActionContext,
  update?: { data: unknown },
): Promise<Session> {
  // What Auth.js passes: the session row as stored (an app's own columns included), with the full
  // user on it (Auth.js apps set `session.user.id = user.id` and return it). The session token and
  // the kept ID token are readable but not enumerable, so a callback returning the object as it
  // is cannot send either to scripts (the cookie is HttpOnly for a reason).
  const { sessionToken, idToken, ...columns } = row as typeof row & { idToken?: unknown };
  const session = Object.defineProperties(
    { ...columns, user },
    {
      sessionToken: { value: sessionToken },
      ...(idToken === undefined ? {} : { idToken: { value: idToken } }),
    },
  ) as SessionCallbackParams["session"];
  const params = update
    ? { session, user, newSession: update.data, trigger: "update" as const }
    : { session, user };
  // The public parameter type is Auth.js's one shape for both strategies; this one fills its half.
  return (await ctx.config.callbacks.session(params as SessionCallbackParams)) as Session;
}

/**
 * Deletes the session row of a token and tells the `signOut` event; with `onlyIfLive`, only when
 * the token has a live session of its own (see {@link find}). A failure is logged, not thrown:
 * the user asked to sign out, and the cookie is cleared whatever the database says.
 */
async function endStoredSession(sessionToken: string, ctx: ActionContext, onlyIfLive = false): Promise<void> {
  if (!couldBeToken(sessionToken)) return;
  try {
    if (onlyIfLive && typeof (await find(sessionToken, ctx)) === "string") return;
    const session = await sessionRows(ctx.config).remove(sessionToken);
    // deleteSession may answer nothing (void); the event then carries undefined.
    await emit(ctx.config, "signOut", { session: session as AdapterSession | undefined });
  } catch (error) {
    // As in Auth.js, the row may outlive the cookie until it expires; the log says so, so it
    // can be revoked.
    ctx.config.logger.error(
      new SignOutError("The session row could not be deleted; the session cookie was cleared anyway.", {
        cause: error,
      }),
    );
  }
}

/** The database strategy. */
export const databaseStrategy: SessionStrategy = {
  read: (req, ctx, options) => answer(req, ctx, undefined, options?.extend),
  update: (req, ctx, data) => answer(req, ctx, { data }),

  async create(signedIn, req, ctx) {
    const { user } = signedIn;
    const rows = sessionRows(ctx.config);
    if (!user.id) throw new UnsupportedStrategy("Database sessions need a user with an id.");
    // The cookie is about to point at a new session: end the one it pointed at, so no row
    // outlives its cookie (a leftover could be replayed by whoever kept the old token).
    const previous = req.cookies.get(ctx.cookies.sessionToken.name);
    if (previous) {
      await rows.remove(previous).catch((error: unknown) => {
        // A store outage was logged once already; the sign-in then fails on creating the session.
        if (error instanceof SessionStoreUnavailable) return;
        ctx.config.logger.error(
          new AdapterError("deleteSession of the replaced session failed.", { cause: error }),
        );
      });
    }
    const now = new Date(ctx.now);
    const asked: AdapterSession = {
      sessionToken: ctx.config.session.generateSessionToken(),
      userId: user.id,
      expires: new Date(
        Math.min(ctx.now + ctx.config.session.maxAge * 1000, absoluteExpiry(ctx.now, ctx.config.session)),
      ),
    };
    if (rows.keepsDetails) {
      Object.assign(asked, { createdAt: now, lastSeenAt: now, userAgent: userAgentOf(req) });
      // Only fields with a value: an adapter written before these fields need not know them.
      const idp = idpSessionOf(signedIn, ctx.config);
      if (idp) asked.provider = idp.provider;
      if (idp?.idpSessionId !== undefined) asked.idpSessionId = idp.idpSessionId;
      if (idp?.idToken !== undefined) asked.idToken = idp.idToken;
    }
    // Refused when the adapter answers another token's row or another user's (see rows.ts).
    const session = await rows.create(asked);
    // The cookie carries the token generated here, never one the adapter answered: only this one
    // is known to be nobody else's. Its expiry follows what the adapter stored, but an answer
    // without a usable date (a buggy adapter) must not turn a finished sign-in into a 500.
    const expires = adapterDateExpired(session?.expires, ctx.now, "createSession", ctx.config.logger)
      ? asked.expires
      : session.expires;
    return [sessionCookie(asked.sessionToken, expires, ctx)];
  },

  async identify(req, ctx) {
    const loaded = await load(req, ctx);
    if (typeof loaded === "string") return null;
    return { userId: loaded.user.id, currentId: loaded.session.sessionToken };
  },

  async idpSession(req, ctx) {
    const loaded = await load(req, ctx);
    const provider = typeof loaded === "string" ? undefined : loaded.session.provider;
    if (typeof loaded === "string" || typeof provider !== "string") return null;
    const { idToken } = loaded.session;
    return typeof idToken === "string" ? { provider, idToken } : { provider };
  },

  async end(req, ctx) {
    const { name } = ctx.cookies.sessionToken;
    const sessionToken = req.cookies.get(name);
    if (sessionToken) await endStoredSession(sessionToken, ctx);
    else {
      // The name came more than once with different values (a sibling subdomain planted one, and
      // reads ignore both): the session of each live copy ends, so the user's real one ends with
      // the cookie the answer clears. A token is a random secret, so a planted copy is its
      // planter's own session or nothing: ending it harms nobody else.
      for (const copy of cookieValues(req.request.headers.get("cookie"), name))
        await endStoredSession(copy, ctx, true);
    }
    return clear(req, ctx);
  },
};
