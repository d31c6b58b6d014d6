import {
  type AccessTokenResult,
  type AuthEngine,
  accessTokenWithCookies,
  RefreshTokenError,
} from "@portcullis/core";
import type { RequestEvent } from "@sveltejs/kit";
import { setCookies } from "./cookies";
import { serverCall } from "./public-origin";

/**
 * `event.locals.getAccessToken(providerId)`: the signed-in user's upstream access token through
 * the engine's server face, refreshed when due. Its cookies (a JWT session re-issued with the new
 * tokens; the cleared session when a failed refresh ended it) go through `event.cookies`.
 *
 * @param auth The engine of the event's configuration.
 * @param event The request event.
 * @param signedOut Called when a failed refresh ended this request's session, so that
 * `locals.auth()` stops answering the session it read earlier.
 * @returns The function `locals.getAccessToken` holds.
 * @example
 * ```ts
 * import type { AuthEngine } from "@portcullis/core"
 * import type { RequestEvent } from "@sveltejs/kit"
 *
 * function install(auth: AuthEngine, event: RequestEvent) {
 *   event.locals.getAccessToken = accessTokenGetter(auth, event, () => {})
 * }
 * ```
 */
export function accessTokenGetter(
  auth: AuthEngine,
  event: RequestEvent,
  signedOut: () => void,
): (providerId: string) => Promise<AccessTokenResult | null> {
  return async (providerId) => {
    try {
      return await accessTokenWithCookies(auth, providerId, serverCall(event), (cookies) =>
        setCookies(event.cookies, cookies),
      );
    } catch (error) {
      if (error instanceof RefreshTokenError && error.sessionEnded) signedOut();
      throw error;
    }
  };
}
