/**
 * How the tests hand their configurations to the fixture app. The app runs in the test's own
 * process (a Next.js custom server), so its routes read the configuration objects the test
 * created, loggers and all, from one global slot when a request comes in.
 */
import type { AuthConfig } from "@portcullis/core";
import type { NextAuthConfig } from "@portcullis/next";

/** The configurations of the running fixture app. */
export interface FixtureConfigs {
  /** The auth routes, `/me`, the proxy and the server-side actions. */
  config: NextAuthConfig;
  /** `/me-broken`: a configuration the core answers with a 500. */
  broken: AuthConfig;
}

const SLOT = Symbol.for("@portcullis/next test fixture");

/** Sets the configurations the fixture app uses from now on. */
export function setFixtureConfigs(configs: FixtureConfigs): void {
  (globalThis as Record<symbol, unknown>)[SLOT] = configs;
}

/** The configurations the test set; throws when the app runs outside the tests. */
export function fixtureConfigs(): FixtureConfigs {
  const configs = (globalThis as Record<symbol, unknown>)[SLOT] as FixtureConfigs | undefined;
  if (!configs) throw new Error("The fixture app runs only inside the @portcullis/next tests.");
  return configs;
}
