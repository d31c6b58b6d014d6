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
 * store, a token naming only a `sid` when the store cannot find sessions by it); 503 when the replay store is down. Never a 5xx for a bad token.
 */
import { callAdapter } from "../adapter/call";
import type { Action, ActionContext, AuthResult } from "../context";
import { sha256Hex } from "../crypto/primitives";
import { AuthError, UnsupportedStrategy } from "../errors";
import {
  CLOCK_TOLERANCE,
  type LogoutClaims,
  LogoutTokenRefused,
  maxTokenAge,
  verifyLogoutToken,
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

/**
 * Records the token's `jti`; false when it was seen already. Remembered for as long as a token
 * with that `iat` could still be accepted.
 */
async function firstUse(provider: OAuth2Config, claims: LogoutClaims, ctx: ActionContext): Promise<boolean> {
  const store: RateLimitStore = provider.logout?.replayStore ?? defaultReplayStore;
  const windowSeconds = maxTokenAge(provider) + 2 * CLOCK_TOLERANCE;
  // Hashed with the provider: jtis are unique per issuer only, and never land raw in a shared store.
  const key = `bcl:${await sha256Hex(JSON.stringify([provider.id, claims.jti]))}`;
  return (await store.take(key, 1, windowSeconds * 1000, ctx.now)) === true;
}

/** The user the token is about: the account's owner, or (without an adapter) the subject itself. */
async function userOf(provider: OAuth2Config, sub: string, ctx: ActionContext): Promise<string | undefined> {
  const adapter = ctx.config.adapter;
  if (!adapter) return sub;
  const user = await callAdapter("getUserByAccount", () =>
    adapter.getUserByAccount!({ provider: provider.id, providerAccountId: sub }),
  );
  return user?.id;
}

export const backchannelLogout: Action = async (req, ctx) => {
  const provider = oidcProvider(ctx);
  if (typeof provider === "string") return refused(provider);
  // The body is undefined unless the request was a form or JSON; only a form carries the token.
  const type = req.request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const token = type === "application/x-www-form-urlencoded" ? req.body?.logout_token : undefined;
  if (typeof token !== "string" || token === "") return refused("Expected a form body with a logout_token.");
  if (token.length > MAX_TOKEN_LENGTH) return refused("The logout_token is too long.");
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
  try {
    if (!(await firstUse(provider, claims, ctx))) return refused("The logout_token was used already.");
  } catch (error) {
    ctx.config.logger.error(
      new AuthError("The back-channel logout replay store failed; the logout was refused.", { cause: error }),
    );
    return answer(503, "temporarily_unavailable", "Try again later.");
  }
  try {
    if (claims.sub === undefined) {
      // The token checks guarantee a sid whenever there is no sub.
      const idpSessionId = claims.sid as string;
      await revokeIdpSessionEverywhere(ctx.config, { provider: provider.id, idpSessionId }, ctx.now);
    } else {
      const userId = await userOf(provider, claims.sub, ctx);
      if (userId !== undefined)
        await revokeIdpSessions(
          ctx.config,
          userId,
          { provider: provider.id, idpSessionId: claims.sid },
          ctx.now,
        );
    }
  } catch (error) {
    ctx.config.logger.error(
      new AuthError("A back-channel logout could not revoke the sessions.", { cause: error }),
    );
    return answer(503, "temporarily_unavailable", "Try again later.");
  }
  return answer(200);
};
