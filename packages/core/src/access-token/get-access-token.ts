/**
 * `getAccessToken`: a usable upstream access token for the signed-in user, refreshed with the
 * refresh-token grant when it expires within `accessTokens.refreshBefore` seconds.
 *
 * Refreshing is serialised, because providers that rotate refresh tokens punish a second use:
 * oidc-provider, for one, revokes the whole grant when a used refresh token comes back, so the
 * tokens the first refresh just got die too, and the user is locked out. Hence:
 * - in one engine, concurrent calls for one account share one refresh (single flight);
 * - across processes (tokens on the adapter's account row), a refresh first takes a lease in
 *   `accessTokens.lockStore` (atomic `take`), long enough to outlast the holder's work (see
 *   `leaseMs`); a process that does not get it waits, reading the account again until the
 *   holder's new tokens are there. The holder also reads the account again once it has the
 *   lease, in case another process refreshed just before;
 * - a refresh the provider refuses (`invalid_grant`) reads the account once more before failing,
 *   for a refresh that raced without a shared lease store.
 * Tokens in the session JWT cannot be seen by other processes; a refresh's answer is kept for a
 * few minutes in this process for requests still carrying the cookie from before it.
 *
 * @module
 */

import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthRequest } from "../context";
import { MAX_TIMER_MS } from "../deadline";
import { InvalidRequest, OAuthProviderUnavailable, RefreshTokenError } from "../errors";
import { type OAuthRuntime, oauthRuntime } from "../flows/oauth/provider";
import { refreshGrant } from "../flows/oauth/refresh";
import type { SetCookie } from "../http/cookies";
import { sessionStrategy } from "../session";
import type { AccessTokenResult, OAuth2Config, TokenSet } from "../types";
import { type TokenHolder, tokenHolder } from "./holders";
import { takeLease } from "./lease";
import { type SingleFlight, singleFlight } from "./single-flight";

/** A refresh's outcome: the tokens to answer with, and the cookies to set. */
interface Refreshed {
  tokens: TokenSet;
  cookies: SetCookie[];
}

/** How long a JWT-held refresh's answer is handed to requests still carrying the old cookie. */
const KEEP_JWT_REFRESH_MS = 5 * 60 * 1000;
/** How often a process waiting for another's refresh reads the account again. */
const POLL_MS = 100;

/** One flight table per configuration: "one engine" is the unit that refreshes once. */
const flightsByConfig = new WeakMap<InternalConfig, SingleFlight<Refreshed>>();

function flightsOf(config: InternalConfig): SingleFlight<Refreshed> {
  let flights = flightsByConfig.get(config);
  if (!flights) {
    flights = singleFlight();
    flightsByConfig.set(config, flights);
  }
  return flights;
}

/**
 * Requests to the provider a refresh may make, one after the other, each under its own
 * `timeouts.http`: discovery (unless cached), the token request, a multi-tenant authority's
 * tenant discovery, and the JWKS for a refreshed ID token.
 */
const REFRESH_REQUESTS = 4;
/** Room beyond the time-outs: the lease store's own calls, and clocks a little apart. */
const LEASE_MARGIN_MS = 5_000;
/**
 * What a step whose time-out is off (`Infinity`) counts as: the lease must end, or a holder that
 * dies would keep its account from ever being refreshed again.
 */
const UNTIMED_STEP_MS = 60_000;

/**
 * How long a refresh holds the lease: longer than everything the holder may still do under it,
 * each step bounded by its own time-out: reading the account again (adapter), the refresh at the
 * provider ({@link REFRESH_REQUESTS} requests) and storing the answer (adapter). A lease that
 * lapsed while the holder still worked would let another process read the old tokens and send
 * the refresh token the holder has already used, and a provider that rotates refresh tokens then
 * revokes the whole grant. Stopping a holder whose lease is gone would not help: once the token
 * request is sent, the old refresh token is spent, and not storing the new one loses the grant
 * just the same. So the lease is sized to outlast the holder instead.
 */
function leaseMs(config: InternalConfig): number {
  const bound = (ms: number) => (ms <= MAX_TIMER_MS ? ms : UNTIMED_STEP_MS);
  const { adapter, http } = config.timeouts;
  return 2 * bound(adapter) + REFRESH_REQUESTS * bound(http) + LEASE_MARGIN_MS;
}

/** True when the tokens hold an access token that lasts beyond `refreshBefore` (or says no end). */
function usable(tokens: TokenSet, ctx: ActionContext): boolean {
  if (typeof tokens.access_token !== "string" || tokens.access_token === "") return false;
  const expiresAt = tokens.expires_at;
  if (typeof expiresAt !== "number" || !Number.isFinite(expiresAt)) return expiresAt == null;
  return expiresAt - ctx.config.accessTokens.refreshBefore > ctx.now / 1000;
}

/** True when `current` holds another access token than `seen`: someone refreshed meanwhile. */
function replaced(current: TokenSet | null, seen: TokenSet): current is TokenSet {
  return (
    current !== null &&
    typeof current.access_token === "string" &&
    current.access_token !== "" &&
    current.access_token !== seen.access_token
  );
}

function withoutUndefined(tokens: TokenSet): TokenSet {
  return Object.fromEntries(Object.entries(tokens).filter(([, value]) => value !== undefined)) as TokenSet;
}

/**
 * Refreshes `stale` once at the provider and stores the answer; `answered` is called between the
 * two, once the old refresh token is spent.
 */
async function refreshOnce(
  holder: TokenHolder,
  stale: TokenSet,
  runtime: OAuthRuntime,
  ctx: ActionContext,
  answered: () => void = () => {},
): Promise<Refreshed> {
  const { id } = runtime.provider;
  if (holder.cannotSave) throw holder.cannotSave;
  const refreshToken = stale.refresh_token;
  if (typeof refreshToken !== "string" || refreshToken === "")
    throw new RefreshTokenError(
      `The access token of provider "${id}" has expired and there is no refresh token to renew it (the provider issued none, or the account callback does not keep it).`,
      { reason: "no_refresh_token" },
    );
  let answer: TokenSet;
  try {
    answer = await refreshGrant(
      runtime,
      refreshToken,
      { providerAccountId: holder.providerAccountId, idToken: stale.id_token },
      ctx,
    );
  } catch (error) {
    if (holder.shared && error instanceof RefreshTokenError && error.reason === "invalid_grant") {
      const current = await holder.reread();
      if (replaced(current, stale)) return { tokens: current, cookies: [] };
    }
    throw error;
  }
  answered();
  const kept = withoutUndefined(runtime.provider.account(answer) ?? {});
  // The refresh token stays when the provider did not rotate it; an expiry the answer does not
  // restate is unknown, not the old one.
  const changes: Record<string, unknown> = {
    ...kept,
    refresh_token: kept.refresh_token ?? refreshToken,
    expires_at: kept.expires_at ?? null,
  };
  const tokens = withoutUndefined({ ...stale, ...changes, expires_at: kept.expires_at } as TokenSet);
  return { tokens, cookies: await holder.save(tokens, changes) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refreshes tokens other processes share: under the lease, or by waiting for its holder. */
async function refreshShared(
  holder: TokenHolder,
  runtime: OAuthRuntime,
  ctx: ActionContext,
): Promise<Refreshed> {
  const { config } = ctx;
  const window = leaseMs(config);
  // Real time, not the configuration's clock: this bounds how long the caller waits.
  const giveUpAt = Date.now() + window;
  for (;;) {
    const lease = await takeLease(
      config.accessTokens.lockStore,
      config.secrets[0]!,
      runtime.provider.id,
      holder.providerAccountId,
      window,
      config.now,
    );
    if (lease) {
      // True from the provider's answer until it is stored. A store that failed here (a write
      // that timed out) may still land in the database: the lease is then left to lapse rather
      // than released, so that no other process refreshes with the spent token meanwhile.
      let unstored = false;
      try {
        const current = (await holder.reread()) ?? holder.tokens;
        if (replaced(current, holder.tokens)) return { tokens: current, cookies: [] };
        const refreshed = await refreshOnce(holder, current, runtime, ctx, () => {
          unstored = true;
        });
        unstored = false;
        return refreshed;
      } finally {
        if (!unstored) await lease.release();
      }
    }
    await sleep(POLL_MS);
    const current = await holder.reread();
    if (replaced(current, holder.tokens)) return { tokens: current, cookies: [] };
    if (Date.now() > giveUpAt)
      throw new OAuthProviderUnavailable(
        `The access token of provider "${runtime.provider.id}" is being refreshed by another process, which did not finish within ${window} ms.`,
      );
  }
}

function result({ tokens, cookies }: Refreshed): AccessTokenResult {
  const answer: AccessTokenResult = {
    accessToken: String(tokens.access_token),
    tokenType: typeof tokens.token_type === "string" ? tokens.token_type.toLowerCase() : "bearer",
    expiresAt: typeof tokens.expires_at === "number" ? tokens.expires_at : null,
    cookies,
  };
  if (typeof tokens.scope === "string") answer.scope = tokens.scope;
  return answer;
}

/** This caller's copy of a shared failure, with the session ended when so configured. */
async function failure(
  error: RefreshTokenError,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<RefreshTokenError> {
  const own = new RefreshTokenError(error.message, { cause: error.cause, reason: error.reason });
  if (ctx.config.accessTokens.endSessionOnFailure) {
    own.cookies = await sessionStrategy(ctx.config).end(req, ctx);
    own.sessionEnded = true;
  }
  return own;
}

/**
 * A usable access token of `providerId` for the request's signed-in user, refreshed first when
 * it expires within `accessTokens.refreshBefore` seconds; see the module description for how
 * concurrent refreshes are serialised.
 *
 * @param req - The request (its session cookie).
 * @param ctx - The action context.
 * @param providerId - The OAuth/OIDC provider's id.
 * @returns The token and the cookies to set, or null when signed out or when the user has no
 * tokens of that provider (not signed in with it; with JWT sessions and no adapter, a provider
 * without `keepTokensInJwt`).
 * @throws {InvalidRequest} When no OAuth/OIDC provider has that id.
 * @throws {RefreshTokenError} When the token must be refreshed and cannot be: no refresh token,
 * the provider refused it, or answered something unusable. The session is ended first with
 * `accessTokens.endSessionOnFailure` (the error carries the cookies that clear it).
 * @throws {OAuthProviderUnavailable} When the provider cannot be reached, or another process's
 * refresh did not finish in time: try again later; the session is kept.
 * @throws {MissingAdapterMethods} When the adapter lacks `listAccountsByUser`, or lacks
 * `updateAccount` and a refresh is due.
 * @example
 * ```ts
 * const token = await getAccessToken(req, ctx, "github")
 * ```
 */
export async function getAccessToken(
  req: AuthRequest,
  ctx: ActionContext,
  providerId: string,
): Promise<AccessTokenResult | null> {
  const provider = ctx.config.providerById.get(providerId);
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc"))
    throw new InvalidRequest(
      `getAccessToken: no OAuth or OIDC provider has the id ${JSON.stringify(providerId)}.`,
    );
  const holder = await tokenHolder(providerId, req, ctx);
  if (!holder) return null;
  if (usable(holder.tokens, ctx)) return result({ tokens: holder.tokens, cookies: [] });
  const runtime = oauthRuntime(provider as OAuth2Config);
  try {
    const refreshed = await flightsOf(ctx.config).run(
      holder.flightKey,
      () =>
        holder.shared
          ? refreshShared(holder, runtime, ctx)
          : refreshOnce(holder, holder.tokens, runtime, ctx),
      holder.shared ? 0 : KEEP_JWT_REFRESH_MS,
    );
    return result(refreshed);
  } catch (error) {
    if (error instanceof RefreshTokenError) throw await failure(error, req, ctx);
    throw error;
  }
}
