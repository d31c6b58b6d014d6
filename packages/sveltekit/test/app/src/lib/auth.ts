/**
 * The fixture's configurations: the shared integration configuration (alice/wonderland, its
 * `redirect` callback counted), the broken one `/me-broken` reads with (trustHost off and no
 * AUTH_URL: the core answers 500), and one with an OAuth provider for `/login-oauth`.
 */
import type { CallbacksOptions } from "@portcullis/core";
import { SvelteKitAuth } from "@portcullis/sveltekit";
import { fixtureLogger, integrationConfig } from "@portcullis/testkit";

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
      {
        id: "example",
        name: "Example",
        type: "oauth",
        clientId: "fixture-client",
        clientSecret: "fixture-secret",
        authorization: "https://idp.example/authorize",
        token: "https://idp.example/token",
        userinfo: "https://idp.example/userinfo",
      },
    ],
  }),
);
