/**
 * Shared setup of the OpenID Connect logout tests: an OpenID Provider whose client registers this
 * app's post-logout landing and back-channel logout receiver, and the parts of a logout token.
 */

import type { OAuth2Config } from "@portcullis/core";
import OAuth from "@portcullis/core/providers/oauth";
import { type OidcTestClient, startOpenIdProvider, type TestOpenIdProvider } from "@portcullis/testkit";
import { ALICE, BASIC, BOB, ORIGIN, redirectUri } from "./helpers";

/** The event every logout token carries. */
export const LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";

/**
 * Starts an OpenID Provider with the basic client, registered for `origin` with the landing
 * `{origin}/auth/signout/{id}` and the receiver `{origin}/auth/backchannel-logout/{id}`, whose ID
 * and logout tokens carry `sid`. `receiver` is the origin the provider posts logout tokens to, when
 * its own requests must reach the app by another name (127.0.0.1 rather than localhost, which
 * Node may resolve to ::1 while the app listens on IPv4 only).
 */
export function startLogoutIdp(origin = ORIGIN, receiver = origin, id = "idp"): Promise<TestOpenIdProvider> {
  const client: OidcTestClient = {
    ...BASIC,
    redirect_uris: [redirectUri(id, origin)],
    post_logout_redirect_uris: [`${origin}/auth/signout/${id}`],
    backchannel_logout_uri: `${receiver}/auth/backchannel-logout/${id}`,
    backchannel_logout_session_required: true,
  };
  return startOpenIdProvider({ clients: [client], accounts: [ALICE, BOB] });
}

/** The OIDC provider of the IdP, with the logout options given. */
export function logoutProvider(
  idp: TestOpenIdProvider,
  logout: OAuth2Config["logout"] = {},
  overrides: Partial<OAuth2Config> = {},
): OAuth2Config {
  return OAuth({
    id: "idp",
    name: "Test IdP",
    type: "oidc",
    issuer: idp.issuer,
    clientId: BASIC.client_id,
    clientSecret: BASIC.client_secret,
    logout,
    ...overrides,
  });
}

/** The claims of a valid logout token of the IdP about `sub` (and `sid`), issued now. */
export function logoutClaims(idp: TestOpenIdProvider, sub: string | undefined, sid?: string) {
  return {
    iss: idp.issuer,
    aud: BASIC.client_id,
    iat: Math.floor(Date.now() / 1000),
    jti: crypto.randomUUID(),
    events: { [LOGOUT_EVENT]: {} },
    ...(sub === undefined ? {} : { sub }),
    ...(sid === undefined ? {} : { sid }),
  };
}

/** The payload of a compact JWT, unverified. */
export function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));
}
