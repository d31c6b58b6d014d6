/**
 * Session control: the signed-in user's sessions listed, one revoked, the others revoked, all
 * revoked (sign out everywhere), and every session of a user revoked by admin code. The same
 * operations serve the `sessions` routes and the engine's server face. They work on the
 * configuration's session store (see config/normalize.ts): without one they are unavailable.
 */
import { sameId } from "../adapter/ids";
import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthRequest } from "../context";
import { sha256Hex } from "../crypto/primitives";
import { AdapterError, UnsupportedStrategy } from "../errors";
import { emit } from "../events";
import { clearChunked, type SetCookie } from "../http/cookies";
import type { SessionInfo, SessionStore, StoredSession } from "../types";
import { sessionStrategy } from "./index";

/** What a revocation did: how many sessions ended, and the cookies to set (cleared when the current one did). */
export interface Revoked {
  revoked: number;
  cookies: SetCookie[];
  /** After signing out everywhere: where to go next (the callbackUrl, through the `redirect` callback). */
  redirect?: string;
}

/**
 * The store, or UnsupportedStrategy when the configuration has none.
 *
 * @throws UnsupportedStrategy naming what to configure.
 */
export function storeOf(config: InternalConfig): SessionStore {
  if (config.sessionStore) return config.sessionStore;
  throw new UnsupportedStrategy(
    config.session.strategy === "jwt"
      ? 'JWT sessions can be listed and revoked only with a session store: set `session.store` ("adapter", or a SessionStore).'
      : "The adapter cannot list or revoke sessions: it needs listSessionsByUser and deleteSessionsByUser.",
  );
}

/** The opaque handle of a stored session: a hash of its key, which may be a session token. */
async function handleOf(id: string): Promise<string> {
  return (await sha256Hex(`portcullis-session:${id}`)).slice(0, 32);
}

function iso(date: Date | null | undefined): string | null {
  return date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/**
 * The user's live sessions as the store lists them, keeping only rows that are the user's: a
 * listing query that forgot its user filter (or a shared table) must not show another user's
 * devices, nor hand out handles that revoke their sessions. Such rows are logged, never deleted.
 */
async function live(config: InternalConfig, userId: string, now: number): Promise<StoredSession[]> {
  const listed = await storeOf(config).listByUser(userId);
  const own = listed.filter((s) => typeof s === "object" && s !== null && sameId(s.userId, userId));
  if (own.length < listed.length) {
    const method =
      typeof config.session.store === "object"
        ? "The session store's listByUser"
        : "The adapter's listSessionsByUser";
    config.logger.error(
      new AdapterError(`${method} answered sessions of another user; they were left out and kept.`),
    );
  }
  return own.filter((s) => s.expires instanceof Date && s.expires.getTime() > now);
}

/** The signed-in user and this session's key, or null when signed out. */
async function who(req: AuthRequest, ctx: ActionContext) {
  storeOf(ctx.config);
  return sessionStrategy(ctx.config).identify(req, ctx);
}

/**
 * The signed-in user's live sessions, newest first.
 *
 * @returns The list, or null when signed out.
 * @throws UnsupportedStrategy without a store; AdapterError when the store fails.
 */
export async function listSessions(req: AuthRequest, ctx: ActionContext): Promise<SessionInfo[] | null> {
  const identity = await who(req, ctx);
  if (!identity) return null;
  const sessions = await live(ctx.config, identity.userId, ctx.now);
  sessions.sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
  return Promise.all(
    sessions.map(async (s) => ({
      id: await handleOf(s.id),
      current: s.id === identity.currentId,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expires: s.expires.toISOString(),
      userAgent: s.userAgent ?? null,
    })),
  );
}

/** Fires `signOut` for each ended session and `sessionsRevoked` once. */
async function announce(config: InternalConfig, userId: string, ended: StoredSession[]): Promise<void> {
  for (const s of ended)
    await emit(config, "signOut", { session: { sessionToken: s.id, userId: s.userId, expires: s.expires } });
  await emit(config, "sessionsRevoked", { user: { id: userId }, count: ended.length });
}

function clearCurrent(req: AuthRequest, ctx: ActionContext): SetCookie[] {
  const { name, options } = ctx.cookies.sessionToken;
  return clearChunked(name, options, req.cookies);
}

/**
 * Revokes one of the signed-in user's sessions by its handle; a handle of another user's session
 * (or of none) revokes nothing. Revoking the current one signs this browser out.
 *
 * @returns What was revoked, or null when signed out.
 */
export async function revokeSession(
  req: AuthRequest,
  ctx: ActionContext,
  handle: unknown,
): Promise<Revoked | null> {
  const identity = await who(req, ctx);
  if (!identity) return null;
  if (typeof handle !== "string" || handle === "") return { revoked: 0, cookies: [] };
  const store = storeOf(ctx.config);
  const sessions = await live(ctx.config, identity.userId, ctx.now);
  for (const s of sessions) {
    if ((await handleOf(s.id)) !== handle) continue;
    await store.delete(s.id);
    await announce(ctx.config, identity.userId, [s]);
    return { revoked: 1, cookies: s.id === identity.currentId ? clearCurrent(req, ctx) : [] };
  }
  return { revoked: 0, cookies: [] };
}

/**
 * Revokes every session of the signed-in user but this one, or (with `everywhere`) this one too.
 *
 * @returns What was revoked, or null when signed out.
 */
export async function revokeSessionsOf(
  req: AuthRequest,
  ctx: ActionContext,
  everywhere: boolean,
): Promise<Revoked | null> {
  const identity = await who(req, ctx);
  if (!identity) return null;
  const store = storeOf(ctx.config);
  const except = everywhere ? undefined : identity.currentId;
  const ended = (await live(ctx.config, identity.userId, ctx.now)).filter((s) => s.id !== except);
  const revoked = await store.deleteByUser(identity.userId, except);
  await announce(ctx.config, identity.userId, ended);
  if (!everywhere) return { revoked, cookies: [] };
  return { revoked, cookies: clearCurrent(req, ctx), redirect: await ctx.callbackUrl() };
}

/**
 * Revokes every session of a user, for admin code (after a password change, a ban). JWT sessions
 * end at their next check (within `session.revalidateAfter`), database sessions at once.
 *
 * @param config The normalised configuration.
 * @param userId The user.
 * @param now The current time (ms).
 * @returns How many sessions were revoked.
 * @throws UnsupportedStrategy without a store; AdapterError when the store fails.
 */
export async function revokeUserSessions(
  config: InternalConfig,
  userId: string,
  now: number,
): Promise<number> {
  const store = storeOf(config);
  const ended = await live(config, userId, now);
  const revoked = await store.deleteByUser(userId);
  await announce(config, userId, ended);
  return revoked;
}

/**
 * Revokes a user's sessions because their identity provider said the user logged out there
 * (back-channel logout): with `idpSessionId`, only the sessions started in that provider session
 * (as they remember it); without, every session of the user (without an adapter, every one
 * signed in with this provider: the id is then the provider's subject).
 *
 * @param config The normalised configuration.
 * @param userId The user.
 * @param idp The provider's id, and its session id when the logout named one.
 * @param now The current time (ms).
 * @returns How many sessions were revoked.
 * @throws UnsupportedStrategy without a store; AdapterError when the store fails.
 * @example
 * ```ts
 * await revokeIdpSessions(config, user.id, { provider: "keycloak", idpSessionId: sid }, ctx.now)
 * ```
 */
export async function revokeIdpSessions(
  config: InternalConfig,
  userId: string,
  idp: { provider: string; idpSessionId?: string },
  now: number,
): Promise<number> {
  const { idpSessionId } = idp;
  // Without an adapter the user id is the provider's own subject, which another provider may
  // also use for someone else: only sessions that remember this provider are this user's.
  if (idpSessionId === undefined && config.adapter) return revokeUserSessions(config, userId, now);
  const store = storeOf(config);
  const ended = (await live(config, userId, now)).filter((s) =>
    idpSessionId === undefined
      ? s.provider === idp.provider
      : // A session that remembers another provider is not this provider session's, whatever its sid.
        s.idpSessionId === idpSessionId && (s.provider ?? idp.provider) === idp.provider,
  );
  for (const s of ended) await store.delete(s.id);
  await announce(config, userId, ended);
  return ended.length;
}

/**
 * Revokes the sessions an identity-provider session started, whoever their users are: what a
 * back-channel logout naming only a `sid` asks. Fires `signOut` for each session still live and
 * `sessionsRevoked` once per user that had one.
 *
 * @param config The normalised configuration; its store must have `deleteByIdpSession`.
 * @param idp The provider's id and its session id.
 * @param now The current time (ms).
 * @returns How many live sessions were revoked.
 * @throws UnsupportedStrategy without a store or when the store cannot find sessions by `sid`;
 * AdapterError when the store fails.
 * @example
 * ```ts
 * await revokeIdpSessionEverywhere(config, { provider: "keycloak", idpSessionId: sid }, ctx.now)
 * ```
 */
export async function revokeIdpSessionEverywhere(
  config: InternalConfig,
  idp: { provider: string; idpSessionId: string },
  now: number,
): Promise<number> {
  const store = storeOf(config);
  if (typeof store.deleteByIdpSession !== "function")
    throw new UnsupportedStrategy("The session store cannot find sessions by identity-provider session.");
  const deleted = await store.deleteByIdpSession(idp.provider, idp.idpSessionId);
  // Expired sessions were deleted too, but nobody was signed in with them: nothing to announce.
  const ended = deleted.filter((s) => s.expires instanceof Date && s.expires.getTime() > now);
  const byUser = new Map<string, StoredSession[]>();
  for (const s of ended) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);
  for (const [userId, sessions] of byUser) await announce(config, userId, sessions);
  return ended.length;
}
