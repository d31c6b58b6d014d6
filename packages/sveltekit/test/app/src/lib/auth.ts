/**
 * The fixture's configurations: the shared integration configuration (alice/wonderland, its
 * `redirect` callback counted), the broken one `/me-broken` reads with (trustHost off and no
 * AUTH_URL: the core answers 500), one with an OAuth provider for `/login-oauth`, and one with
 * revocable sessions for everything under `/sessions/`, and the access-token suite's for `/token`
 * (its OpenID Provider given by the test).
 */

import { type AuthConfig, type CallbacksOptions, memorySessionStore } from "@portcullis/core";
import OAuth from "@portcullis/core/providers/oauth";
import { SvelteKitAuth } from "@portcullis/sveltekit";
import { accessTokenConfig, fixtureLogger, integrationConfig } from "@portcullis/testkit";

let redirectCalls = 0;

/** How often the app's `redirect` callback has run, for `/redirect-calls`. */
export const redirectCallCount = (): number => redirectCalls;

/** Same-origin redirects, as the default callback allows, counted. */
const countedRedirect: CallbacksOptions["redirect"] = ({ url, baseUrl }) => {
  redirectCalls++;
  if (url.startsWith("/")) return `${baseUrl}${url}`;
  return URL.canParse(url) && new URL(url).origin === baseUrl ? url : baseUrl;
};

const appConfig = integrationConfig({
  logger: fixtureLogger("app"),
  callbacks: { redirect: countedRedirect },
});

// Given as a function of the event, to exercise that form too; it answers the same object each
// time, so the core's per-configuration cache keeps working.
export const { handle, signIn, signOut } = SvelteKitAuth(() => appConfig);

export const broken = SvelteKitAuth(integrationConfig({ trustHost: false, logger: fixtureLogger("broken") }));

/**
 * `/login-oauth`: an OAuth provider with fixed endpoints. Its sign-in only redirects to the
 * authorization endpoint, so nothing is ever contacted.
 */
export const oauth = SvelteKitAuth(
  integrationConfig({
    logger: fixtureLogger("app"),
    providers: [
      OAuth({
        id: "example",
        name: "Example",
        type: "oauth",
        clientId: "fixture-client",
        clientSecret: "fixture-secret",
        authorization: "https://idp.example/authorize",
        token: "https://idp.example/token",
        userinfo: "https://idp.example/userinfo",
      }),
    ],
  }),
);

/**
 * `/sessions/...`: JWT sessions registered in an in-process store, checked on every read so that a
 * revocation shows at once. Its routes are at `/sessions/auth`.
 */
export const controlled = SvelteKitAuth(
  integrationConfig({
    logger: fixtureLogger("app"),
    basePath: "/sessions/auth",
    session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 },
  }),
);

let tokensClockOffset = 0;

/** Moves the `/token` configuration's clock, for `/token-clock`. */
export function setTokensClockOffset(offsetMs: number): void {
  tokensClockOffset = offsetMs;
}

let tokensConfig: AuthConfig | undefined;

/**
 * Everything under `/token`: the access-token suite's configuration, its OpenID Provider named by
 * PORTCULLIS_TOKENS_ISSUER (started by the test before this server), its clock movable through
 * `/token-clock`, its routes at `/token/auth`.
 */
export const tokens = SvelteKitAuth(() => {
  const issuer = process.env.PORTCULLIS_TOKENS_ISSUER;
  if (!issuer) throw new Error("/token needs PORTCULLIS_TOKENS_ISSUER: only the OpenID tests set it.");
  tokensConfig ??= {
    ...accessTokenConfig(issuer, () => Date.now() + tokensClockOffset),
    basePath: "/token/auth",
  };
  return tokensConfig;
});
