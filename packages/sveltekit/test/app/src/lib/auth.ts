/**
 * The fixture's two configurations: the shared integration configuration (alice/wonderland), and
 * the broken one `/me-broken` reads with (trustHost off and no AUTH_URL: the core answers 500).
 */
import { SvelteKitAuth } from "@portcullis/sveltekit";
import { fixtureLogger, integrationConfig } from "@portcullis/testkit";

const appConfig = integrationConfig({ logger: fixtureLogger("app") });

// Given as a function of the event, to exercise that form too; it answers the same object each
// time, so the core's per-configuration cache keeps working.
export const { handle, signIn, signOut } = SvelteKitAuth(() => appConfig);

export const broken = SvelteKitAuth(integrationConfig({ trustHost: false, logger: fixtureLogger("broken") }));
