/**
 * The JWT session strategy: the session lives in an encrypted JWT (JWE) in the session cookie.
 * Reading it slides the expiry: the token is re-encoded and the cookie re-set on every read.
 *
 * With a session store (`session.store`), each session is also registered there under a random
 * id (the `sid` claim), and a read checks the store at most once per `session.revalidateAfter`
 * seconds, keeping the time of the last check in the token (`sid_checked`): a revoked session
 * ends within that bound on every server, and reads in between cost nothing more (jwt-store.ts).
 */
import { upstreamClaim, withoutUpstream } from "../access-token/claim";
import type { ActionContext, AuthRequest } from "../context";
import { JWTSessionError, SessionStoreUnavailable } from "../errors";
import { emit } from "../events";
import {
  chunkRun,
  clearChunked,
  cookieValues,
  readChunked,
  type SetCookie,
  writeChunked,
} from "../http/cookies";
import type { DefaultSession, JWT, Session, SessionCallbackParams, User } from "../types";
import { IDP_CLAIMS, type IdpSession, idpSessionOf } from "./idp";
import { register, revalidate, SID, signedInAt, unregister, withSessionClaims } from "./jwt-store";
import { absoluteExpiry, isoTime } from "./lifetime";
import type { Identity, SessionState, SessionStrategy, SignedIn } from "./strategy";

/** When a token issued now stops being valid (ms): `maxAge` later, or at its absolute end if sooner. */
function tokenExpiry(token: JWT, maxAge: number, ctx: ActionContext): number {
  return Math.min(ctx.now + maxAge * 1000, absoluteExpiry(signedInAt(token), ctx.config.session));
}

/**
 * The `maxAge` to encode a token issued now with (seconds): `jwt.maxAge`, or less when the
 * session's absolute end comes first, so that `exp` (`iat + maxAge`, `iat` being the current
 * second) never lies past it. `getToken` and `decode` know nothing of `absoluteMaxAge`; the
 * token's own `exp` is all that stops a copied cookie there.
 */
function encodedMaxAge(expires: number, ctx: ActionContext): number {
  const { maxAge } = ctx.config.jwt;
  return expires < ctx.now + maxAge * 1000 ? Math.floor(expires / 1000) - Math.floor(ctx.now / 1000) : maxAge;
}

/** The claims that link the token to its identity provider (see session/idp.ts). */
function idpClaims(idp: IdpSession | undefined): JWT {
  if (!idp) return {};
  const claims: JWT = { [IDP_CLAIMS.provider]: idp.provider };
  if (idp.idToken !== undefined) claims[IDP_CLAIMS.idToken] = idp.idToken;
  return claims;
}

async function decodeSession(req: AuthRequest, ctx: ActionContext): Promise<JWT | null> {
  const token = readChunked(req.cookies, ctx.cookies.sessionToken.name);
  return token ? decodeToken(token, ctx) : null;
}

/** The claims of a session cookie's value, or null when it does not decode under our secrets. */
async function decodeToken(token: string, ctx: ActionContext): Promise<JWT | null> {
  const { jwt, secrets } = ctx.config;
  return (
    (await jwt.decode({
      token,
      secret: secrets,
      salt: ctx.cookies.sessionToken.name,
      now: ctx.now,
    } as Parameters<typeof jwt.decode>[0])) ?? null
  );
}

/**
 * The live tokens a sign-out ends: the one the request reads, or, when a cookie a sibling
 * subdomain planted made the session unreadable (a second copy of the name, which the read
 * ignores, a chunk beside the unchunked cookie, or one more chunk after the user's own), each
 * copy of the unchunked cookie that decodes, else the longest run of chunks from `.0` that does.
 * Only this server can make a token that decodes, so a planted copy is its planter's own session
 * or garbage: ending it harms nobody else, and the user's real session ends with the cookies the
 * answer clears.
 */
async function sentTokens(req: AuthRequest, ctx: ActionContext): Promise<JWT[]> {
  const read = await decodeSession(req, ctx);
  if (read) return [read];
  // The unchunked cookie alone when the read saw one (a planted chunk beside it made the family
  // unreadable), else every copy of it the header carries.
  const { name } = ctx.cookies.sessionToken;
  const whole = req.cookies.get(name);
  const tokens: JWT[] = [];
  for (const value of whole ? [whole] : cookieValues(req.request.headers.get("cookie"), name)) {
    const token = await decodeToken(value, ctx);
    if (token) tokens.push(token);
  }
  if (tokens.length > 0) return tokens;
  for (const candidate of chunkCandidates(req, name)) {
    const token = await decodeToken(candidate, ctx);
    if (token) return [token];
  }
  return tokens;
}

/**
 * The values the user's own chunk run may have had, for a sign-out whose family a planted chunk
 * made unreadable: with each copy of a chunk sent twice (the read left it out) in its place, and
 * every prefix of the run from `.0` (a planted chunk after the user's last).
 */
function chunkCandidates(req: AuthRequest, name: string): string[] {
  const head = chunkRun(req.cookies, name);
  const copies = cookieValues(req.request.headers.get("cookie"), `${name}.${head.length}`);
  const tail = chunkRun(req.cookies, name, head.length + 1);
  const candidates = copies.map((copy) => [...head, copy, ...tail].join(""));
  for (let length = head.length; length > 1; length--) candidates.push(head.slice(0, length).join(""));
  return candidates;
}

/**
 * The session cookie(s) for `token`. A read passes `reuseRecent` so that reads of the same
 * session within one second share one token (see `encode`; another session of the same user
 * never shares it, its `jti` tells them apart); a sign-in always gets a new one.
 */
async function sessionCookies(
  token: JWT,
  req: AuthRequest,
  ctx: ActionContext,
  reuseRecent = false,
): Promise<SetCookie[]> {
  const { name, options } = ctx.cookies.sessionToken;
  const { jwt, secrets } = ctx.config;
  const expires = tokenExpiry(token, jwt.maxAge, ctx);
  const encoded = await jwt.encode({
    token,
    secret: secrets,
    salt: name,
    maxAge: encodedMaxAge(expires, ctx),
    now: ctx.now,
    reuseRecent,
  } as Parameters<typeof jwt.encode>[0]);
  return writeChunked(name, encoded, Object.assign({}, options, { expires: new Date(expires) }), req.cookies);
}

function clear(req: AuthRequest, ctx: ActionContext): SetCookie[] {
  const { name, options } = ctx.cookies.sessionToken;
  return clearChunked(name, options, req.cookies);
}

/**
 * Whether a session cookie that does not decode is cleared: only one sent whole, unchunked. A
 * run of chunks may hold one a sibling subdomain planted (an extra chunk after the user's own,
 * or a copy of the last one, which leaves that chunk out as ambiguous); clearing the run would
 * delete the user's own chunks, while the planted one, set for another Domain, stays.
 */
function clearsUndecodable(req: AuthRequest, ctx: ActionContext): boolean {
  const { name } = ctx.cookies.sessionToken;
  const whole = req.cookies.get(name);
  return !!whole && readChunked(req.cookies, name) === whole;
}

/**
 * Removes from the store the session a new sign-in's cookie replaces, as the database strategy
 * deletes its row: a kept copy of the old cookie then ends at its next check, and its user's
 * session list no longer shows it. Only the session a read of the request sees (it decodes, so
 * this server made it): a copy a sibling subdomain planted beside it, which reads ignore, is left
 * alone. A store failure is logged and the sign-in goes on, as with database sessions: refusing
 * it would leave the old cookie in the browser and its session live all the same, so it would
 * end nothing, only lock the user out while the store falters.
 */
async function unregisterReplaced(req: AuthRequest, ctx: ActionContext): Promise<void> {
  if (!ctx.config.sessionStore) return;
  const replaced = await decodeSession(req, ctx);
  if (replaced) await unregister(replaced, ctx, "replaced");
}

/** Builds the client session from a token, through the `session` callback. */
async function toSession(token: JWT, ctx: ActionContext, update?: { newSession: unknown }): Promise<Session> {
  // The default session, before the callback: an app's augmented Session (extra required
  // fields) is what the callback makes of it.
  const session: DefaultSession = {
    user: { name: token.name, email: token.email, image: token.picture as string | null | undefined },
    // As the cookie says: an absoluteMaxAge that ends the session sooner ends it for the client too.
    expires: isoTime(tokenExpiry(token, ctx.config.session.maxAge, ctx)),
  };
  // Upstream tokens kept in the JWT are the server's: a callback copying the token must not leak them.
  const visible = withoutUpstream(token);
  const params = update
    ? { session, token: visible, newSession: update.newSession, trigger: "update" as const }
    : { session, token: visible };
  // The public parameter type is Auth.js's one shape for both strategies; this one fills its half.
  return (await ctx.config.callbacks.session(params as SessionCallbackParams)) as Session;
}

async function refresh(
  req: AuthRequest,
  ctx: ActionContext,
  update?: { data: unknown },
): Promise<SessionState> {
  const undecoded = await decodeSession(req, ctx);
  if (!undecoded) {
    if (update) return { session: null, cookies: [], refused: true };
    return { session: null, cookies: clearsUndecodable(req, ctx) ? clear(req, ctx) : [] };
  }
  let decoded: JWT | "ended";
  try {
    decoded = await revalidate(undecoded, ctx);
  } catch (error) {
    if (!(error instanceof SessionStoreUnavailable)) {
      ctx.config.logger.error(
        new JWTSessionError("The session store could not be checked; answered with no session.", {
          cause: error,
        }),
      );
      return { session: null, cookies: [], refused: !!update };
    }
    // The store is down (logged once per outage). By default: no session for now, but the cookie
    // stays, so a blip signs nobody out. With "trust-token" the valid JWT stands meanwhile, and
    // as its check time did not move on, the next read asks the store again.
    if (ctx.config.session.storeUnavailable !== "trust-token")
      return { session: null, cookies: [], refused: !!update };
    decoded = undecoded;
  }
  if (decoded === "ended") return { session: null, cookies: clear(req, ctx), refused: !!update };
  let token: JWT | null;
  try {
    token = await ctx.config.callbacks.jwt(
      update ? { token: decoded, trigger: "update", session: update.data } : { token: decoded },
    );
  } catch (error) {
    ctx.config.logger.error(new JWTSessionError("The jwt callback threw.", { cause: error }));
    // A failed update leaves the session as it was; a failed read ends it.
    return update
      ? { session: null, cookies: [], refused: true }
      : { session: null, cookies: clear(req, ctx) };
  }
  if (token === null) return { session: null, cookies: clear(req, ctx) };
  return answer(withSessionClaims(token, decoded), req, ctx, update);
}

/** The client session of a live token, and the cookie that carries the token on. */
async function answer(
  token: JWT,
  req: AuthRequest,
  ctx: ActionContext,
  update?: { data: unknown },
): Promise<SessionState> {
  let session: Session;
  try {
    session = await toSession(token, ctx, update ? { newSession: update.data } : undefined);
  } catch (error) {
    ctx.config.logger.error(
      new JWTSessionError("The session callback threw; answered with no session.", { cause: error }),
    );
    // The app's callback failed, not the cookie: the session is not ended. A read still writes
    // the token the jwt callback returned (it may carry a rotated upstream refresh token, which
    // must not be lost); a refused update leaves the session as it was.
    if (update) return { session: null, cookies: [], refused: true };
    return { session: null, cookies: await sessionCookies(token, req, ctx, true) };
  }
  const cookies = await sessionCookies(token, req, ctx, true);
  await emit(ctx.config, "session", { session, token });
  return { session, cookies };
}

/**
 * The longest image URL the default token carries. A longer one is a data URL (Microsoft Entra
 * ID's Graph photo): in the session cookie it would grow the Cookie header of every request past
 * what servers accept (Node: 16 KiB), and the browser could no longer even sign out.
 */
const MAX_PICTURE_CLAIM = 2048;

/** The user's image for the default token's `picture`, unless it is too long for a cookie. */
function pictureClaim(image: User["image"]): User["image"] {
  return typeof image === "string" && image.length > MAX_PICTURE_CLAIM ? undefined : image;
}

/** The JWT strategy. */
export const jwtStrategy: SessionStrategy = {
  read: (req, ctx) => refresh(req, ctx),
  update: (req, ctx, data) => refresh(req, ctx, { data }),

  async create(signedIn: SignedIn, req, ctx) {
    const { user, account, profile, isNewUser } = signedIn;
    const idp = idpSessionOf(signedIn, ctx.config);
    const registered = await register(user, idp, req, ctx);
    const defaultToken: JWT = {
      name: user.name,
      email: user.email,
      picture: pictureClaim(user.image),
      sub: user.id?.toString(),
      // The sign-in time survives the sliding re-encodes (unlike `iat`): linking a new account
      // to this session is allowed only shortly after it (see flows/account.ts), and
      // session.absoluteMaxAge counts from it.
      auth_time: Math.floor(ctx.now / 1000),
      ...idpClaims(idp),
      ...registered,
      ...upstreamClaim(account, ctx.config),
    };
    let token: JWT | null;
    try {
      token = await ctx.config.callbacks.jwt({
        token: defaultToken,
        user,
        account,
        profile,
        isNewUser,
        trigger: isNewUser ? "signUp" : "signIn",
      });
    } catch (error) {
      // No cookie will carry the registered session: it must not stay listed until it lapses.
      await unregister(registered, ctx, "unused");
      throw error;
    }
    // Once the new session stands: a sign-in that failed before here leaves the old one as it was.
    await unregisterReplaced(req, ctx);
    if (token !== null) return sessionCookies(withSessionClaims(token, defaultToken), req, ctx);
    // The callback refused the session: the browser is signed out, and nothing carries this one.
    await unregister(registered, ctx, "unused");
    return clear(req, ctx);
  },

  async end(req, ctx) {
    const tokens = await sentTokens(req, ctx);
    if (tokens.length === 0) await emit(ctx.config, "signOut", { token: null });
    for (const token of tokens) {
      await unregister(token, ctx, "signOut");
      await emit(ctx.config, "signOut", { token });
    }
    return clear(req, ctx);
  },

  async identify(req, ctx): Promise<Identity | null> {
    const token = await decodeSession(req, ctx);
    const sid = token?.[SID];
    if (!token || typeof sid !== "string" || typeof token.sub !== "string") return null;
    // Listing or revoking asks the store now, whatever the last check: a revoked session must
    // not be able to act on the others.
    return (await revalidate(token, ctx, true)) === "ended" ? null : { userId: token.sub, currentId: sid };
  },

  async idpSession(req, ctx): Promise<IdpSession | null> {
    const token = await decodeSession(req, ctx);
    const provider = token?.[IDP_CLAIMS.provider];
    if (typeof provider !== "string") return null;
    const idToken = token?.[IDP_CLAIMS.idToken];
    return typeof idToken === "string" ? { provider, idToken } : { provider };
  },
};

/**
 * The request's session JWT, checked as a read checks it (absolute lifetime, the session store
 * when due), without running the callbacks or re-issuing the cookie: for server operations that
 * read or rewrite claims. Null when there is no live session.
 *
 * @param req - The request (its session cookie).
 * @param ctx - The action context.
 * @param checkStoreNow - Ask the session store now, whatever the last check (`revalidateAfter`):
 *   for operations a session revoked a moment ago must not perform.
 * @returns The decoded token, or null.
 * @throws What the session store throws.
 * @example
 * ```ts
 * const token = await readSessionToken(req, ctx)
 * ```
 */
export async function readSessionToken(
  req: AuthRequest,
  ctx: ActionContext,
  checkStoreNow = false,
): Promise<JWT | null> {
  const token = await decodeSession(req, ctx);
  if (!token) return null;
  const checked = await revalidate(token, ctx, checkStoreNow);
  return checked === "ended" ? null : checked;
}

/**
 * The session cookie(s) carrying `token`, as a read would write them: for a server operation
 * that changed a claim the app's `jwt` callback already saw.
 *
 * @param token - The token to encode.
 * @param req - The request (its cookies, for chunk clean-up).
 * @param ctx - The action context.
 * @returns The cookies to set.
 * @example
 * ```ts
 * const cookies = await sessionTokenCookies({ ...token, claim: 1 }, req, ctx)
 * ```
 */
export function sessionTokenCookies(token: JWT, req: AuthRequest, ctx: ActionContext): Promise<SetCookie[]> {
  return sessionCookies(token, req, ctx);
}
