/**
 * `POST {basePath}/backchannel-logout/{provider}`: the OpenID Connect Back-Channel Logout 1.0
 * receiver. The identity provider posts a signed logout token (form field `logout_token`) when a
 * user's session there ends; the sessions it started here are revoked. Server to server: no CSRF
 * token, no cookies; the token's signature is the authentication, and its `jti` is remembered
 * (`logout.replayStore`) so it cannot be played twice.
 *
 * Answers: 200 (no-store) once revoked (or when nothing here matched); 400 with
 * `{ error: "invalid_request", error_description }` for anything that is not a valid, fresh logout
 * token of that provider; 501 when the sessions cannot be revoked (JWT sessions without a session
 * store, a token naming only a `sid` when the store cannot find sessions by it); 503 when the
 * replay store is down or the revocation failed, after which the provider may send the same token
 * again. Never a 5xx for a bad token.
 */
import { callAdapter } from "../adapter/call";
import type { Action, ActionContext, AuthResult } from "../context";
import { sha256Hex } from "../crypto/primitives";
import { AuthError, UnsupportedStrategy } from "../errors";
import { accountUserId } from "../flows/account";
import { carriedFlow } from "../flows/carried";
import {
  CLOCK_TOLERANCE,
  type LogoutClaims,
  LogoutTokenRefused,
  maxTokenAge,
} from "../flows/oauth/logout-token";
import { memoryStore } from "../rate-limit/memory-store";
import { revokeIdpSessionEverywhere, revokeIdpSessions } from "../session/control";
import type { OAuth2Config, RateLimitStore } from "../types";

/** The replay store of providers that name none: one per process, shared by every configuration. */
const defaultReplayStore = memoryStore();

/** Longest logout token read; real ones are around a kilobyte. */
const MAX_TOKEN_LENGTH = 16 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

function answer(status: number, error?: string, description?: string): AuthResult {
  return {
    status,
    headers: NO_STORE,
    body: error === undefined ? {} : { error, error_description: description },
  };
}

const refused = (description: string) => answer(400, "invalid_request", description);

/** The provider of the path, when it is an OpenID Connect one, or why not. */
function oidcProvider(ctx: ActionContext): OAuth2Config | string {
  const provider = ctx.provider;
  if (!provider) return "No provider has this id.";
  if (provider.type !== "oidc") return "This provider is not an OpenID Connect provider.";
  return provider as OAuth2Config;
}

/** Where a token's `jti` is remembered: the store, and the key it is remembered under. */
interface ReplayRecord {
  store: RateLimitStore;
  key: string;
}

async function replayRecord(provider: OAuth2Config, claims: LogoutClaims): Promise<ReplayRecord> {
  // Hashed with the provider: jtis are unique per issuer only, and never land raw in a shared store.
  const key = `bcl:${await sha256Hex(JSON.stringify([provider.id, claims.jti]))}`;
  return { store: provider.logout?.replayStore ?? defaultReplayStore, key };
}

/**
 * Records the token's `jti`; false when it was seen already. Remembered for as long as a token
 * with that `iat` could still be accepted. Recorded before anything is revoked, so that of two
 * deliveries of one token only one acts, and a replay after a success changes nothing.
 */
async function firstUse(record: ReplayRecord, provider: OAuth2Config, ctx: ActionContext): Promise<boolean> {
  const windowSeconds = maxTokenAge(provider) + 2 * CLOCK_TOLERANCE;
  return (await record.store.take(record.key, 1, windowSeconds * 1000, ctx.now)) === true;
}

/**
 * Forgets the token's `jti` after its revocation failed: the 503 invites the provider to send the
 * same token again, and that retry must be carried out, not refused as a replay. A delivery of the
 * same token racing this one may then act too, which is harmless: revoking is idempotent. A store
 * without `refund` cannot forget; the log says so.
 */
async function release(record: ReplayRecord, ctx: ActionContext): Promise<void> {
  if (typeof record.store.refund !== "function") {
    ctx.config.logger.error(
      new AuthError(
        "logout.replayStore has no refund: the provider's retry of a back-channel logout token that failed will be refused as a replay.",
      ),
    );
    return;
  }
  try {
    await record.store.refund(record.key, ctx.now);
  } catch (error) {
    ctx.config.logger.error(
      new AuthError(
        "The back-channel logout replay store could not forget a token that failed: a retry will be refused.",
        {
          cause: error,
        },
      ),
    );
  }
}

/** The user the token is about: the account's owner, or (without an adapter) the id its sign-ins get. */
async function userOf(provider: OAuth2Config, sub: string, ctx: ActionContext): Promise<string | undefined> {
  const adapter = ctx.config.adapter;
  if (!adapter) return accountUserId(provider.id, sub);
  const user = await callAdapter("getUserByAccount", () =>
    adapter.getUserByAccount!({ provider: provider.id, providerAccountId: sub }),
  );
  return user?.id;
}

/** Revokes the sessions the token names: those of its `sid`, else all of its `sub`'s with this provider. */
async function revoke(provider: OAuth2Config, claims: LogoutClaims, ctx: ActionContext): Promise<void> {
  if (claims.sub === undefined) {
    // The token checks guarantee a sid whenever there is no sub.
    const idpSessionId = claims.sid as string;
    await revokeIdpSessionEverywhere(ctx.config, { provider: provider.id, idpSessionId }, ctx.now);
    return;
  }
  const userId = await userOf(provider, claims.sub, ctx);
  if (userId !== undefined)
    await revokeIdpSessions(ctx.config, userId, { provider: provider.id, idpSessionId: claims.sid }, ctx.now);
}

export const backchannelLogout: Action = async (req, ctx) => {
  const provider = oidcProvider(ctx);
  if (typeof provider === "string") return refused(provider);
  // The body is undefined unless the request was a form or JSON; only a form carries the token.
  const type = req.request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const token = type === "application/x-www-form-urlencoded" ? req.body?.logout_token : undefined;
  if (typeof token !== "string" || token === "") return refused("Expected a form body with a logout_token.");
  if (token.length > MAX_TOKEN_LENGTH) return refused("The logout_token is too long.");
  // The provider's own flow verifies the token; `Auth` holds no OAuth code itself.
  const verifyLogoutToken = carriedFlow(provider)?.verifyLogoutToken;
  if (!verifyLogoutToken) return refused("This provider does not take back-channel logout tokens.");
  let claims: LogoutClaims;
  try {
    claims = await verifyLogoutToken(token, provider, ctx);
  } catch (error) {
    if (error instanceof LogoutTokenRefused) return refused(error.message);
    // Discovery or the key set could not be fetched: the token cannot be trusted, so nothing is
    // revoked; the log says why, as the provider's problem, not the token's.
    ctx.config.logger.error(
      new AuthError(`OAuth provider "${provider.id}": a back-channel logout token could not be verified.`, {
        cause: error,
      }),
    );
    return refused("The logout_token could not be verified.");
  }
  const store = ctx.config.sessionStore;
  if (!store) {
    if (ctx.config.session.strategy === "jwt") ctx.config.logger.warn("backchannel-logout-no-store");
    else
      ctx.config.logger.error(
        new UnsupportedStrategy(
          "Back-channel logout needs an adapter with listSessionsByUser and deleteSessionsByUser.",
        ),
      );
    return answer(501, "unsupported", "This application cannot revoke its sessions.");
  }
  // A token naming only a sid needs a store that finds sessions by it: the user is unknown.
  if (claims.sub === undefined && typeof store.deleteByIdpSession !== "function")
    return answer(501, "unsupported", "Logout tokens without a sub are not supported.");
  const record = await replayRecord(provider, claims);
  try {
    if (!(await firstUse(record, provider, ctx))) return refused("The logout_token was used already.");
  } catch (error) {
    ctx.config.logger.error(
      new AuthError("The back-channel logout replay store failed; the logout was refused.", { cause: error }),
    );
    return answer(503, "temporarily_unavailable", "Try again later.");
  }
  try {
    await revoke(provider, claims, ctx);
  } catch (error) {
    ctx.config.logger.error(
      new AuthError("A back-channel logout could not revoke the sessions.", { cause: error }),
    );
    await release(record, ctx);
    return answer(503, "temporarily_unavailable", "Try again later.");
  }
  return answer(200);
};
