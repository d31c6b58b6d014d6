/**
 * The JWT session strategy: the session lives in an encrypted JWT (JWE) in the session cookie.
 * Reading it slides the expiry: the token is re-encoded and the cookie re-set on every read.
 */
import type { ActionContext, AuthRequest } from "../context";
import { JWTSessionError } from "../errors";
import { emit } from "../events";
import { clearChunked, readChunked, type SetCookie, writeChunked } from "../http/cookies";
import type { DefaultSession, JWT, Session, SessionCallbackParams } from "../types";
import type { SessionState, SessionStrategy, SignedIn } from "./strategy";

async function decodeSession(req: AuthRequest, ctx: ActionContext): Promise<JWT | null> {
  const { name } = ctx.cookies.sessionToken;
  const token = readChunked(req.cookies, name);
  if (!token) return null;
  const { jwt, secrets } = ctx.config;
  return (
    (await jwt.decode({ token, secret: secrets, salt: name, now: ctx.now } as Parameters<
      typeof jwt.decode
    >[0])) ?? null
  );
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
  const encoded = await jwt.encode({
    token,
    secret: secrets,
    salt: name,
    maxAge: jwt.maxAge,
    now: ctx.now,
    reuseRecent,
  } as Parameters<typeof jwt.encode>[0]);
  return writeChunked(
    name,
    encoded,
    Object.assign({}, options, { expires: new Date(ctx.now + jwt.maxAge * 1000) }),
    req.cookies,
  );
}

function clear(req: AuthRequest, ctx: ActionContext): SetCookie[] {
  const { name, options } = ctx.cookies.sessionToken;
  return clearChunked(name, options, req.cookies);
}

function hasSessionCookie(req: AuthRequest, ctx: ActionContext): boolean {
  return readChunked(req.cookies, ctx.cookies.sessionToken.name) !== undefined;
}

/** Builds the client session from a token, through the `session` callback. */
async function toSession(token: JWT, ctx: ActionContext, update?: { newSession: unknown }): Promise<Session> {
  // The default session, before the callback: an app's augmented Session (extra required
  // fields) is what the callback makes of it.
  const session: DefaultSession = {
    user: { name: token.name, email: token.email, image: token.picture as string | null | undefined },
    expires: new Date(ctx.now + ctx.config.session.maxAge * 1000).toISOString(),
  };
  const params = update
    ? { session, token, newSession: update.newSession, trigger: "update" as const }
    : { session, token };
  // The public parameter type is Auth.js's one shape for both strategies; this one fills its half.
  return (await ctx.config.callbacks.session(params as SessionCallbackParams)) as Session;
}

async function refresh(
  req: AuthRequest,
  ctx: ActionContext,
  update?: { data: unknown },
): Promise<SessionState> {
  const decoded = await decodeSession(req, ctx);
  if (!decoded) {
    if (update) return { session: null, cookies: [], refused: true };
    return { session: null, cookies: hasSessionCookie(req, ctx) ? clear(req, ctx) : [] };
  }
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
  const session = await toSession(token, ctx, update ? { newSession: update.data } : undefined);
  const cookies = await sessionCookies(token, req, ctx, true);
  await emit(ctx.config, "session", { session, token });
  return { session, cookies };
}

/** The JWT strategy. */
export const jwtStrategy: SessionStrategy = {
  read: (req, ctx) => refresh(req, ctx),
  update: (req, ctx, data) => refresh(req, ctx, { data }),

  async create({ user, account, profile, isNewUser }: SignedIn, req, ctx) {
    const defaultToken: JWT = {
      name: user.name,
      email: user.email,
      picture: user.image,
      sub: user.id?.toString(),
      // The sign-in time survives the sliding re-encodes (unlike `iat`): linking a new account
      // to this session is allowed only shortly after it (see flows/account.ts).
      auth_time: Math.floor(ctx.now / 1000),
    };
    const token = await ctx.config.callbacks.jwt({
      token: defaultToken,
      user,
      account,
      profile,
      isNewUser,
      trigger: isNewUser ? "signUp" : "signIn",
    });
    return token === null ? clear(req, ctx) : sessionCookies(token, req, ctx);
  },

  async end(req, ctx) {
    const token = await decodeSession(req, ctx);
    await emit(ctx.config, "signOut", { token });
    return clear(req, ctx);
  },
};
