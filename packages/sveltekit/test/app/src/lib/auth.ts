/**
 * The fixture's two configurations: the shared integration configuration (alice/wonderland), and
 * the broken one `/me-broken` reads with (trustHost off and no AUTH_URL: the core answers 500).
 */
import { appendFileSync } from "node:fs";
import type { AuthConfig } from "@portcullis/core";
import { SvelteKitAuth } from "@portcullis/sveltekit";
import { integrationConfig } from "@portcullis/testkit";

/**
 * A logger writing each error as a JSON line to the file the tests name, before the answer is
 * sent: the tests run in another process and hand these to the suite's own loggers.
 */
function reportTo(config: "app" | "broken"): AuthConfig["logger"] {
  return {
    error(error: Error) {
      const file = process.env.PORTCULLIS_FIXTURE_LOG;
      if (file)
        appendFileSync(file, `${JSON.stringify({ config, name: error.name, message: error.message })}\n`);
    },
  };
}

const appConfig = integrationConfig({ logger: reportTo("app") });

// Given as a function of the event, to exercise that form too; it answers the same object each
// time, so the core's per-configuration cache keeps working.
export const { handle, signIn, signOut } = SvelteKitAuth(() => appConfig);

export const broken = SvelteKitAuth(integrationConfig({ trustHost: false, logger: reportTo("broken") }));
