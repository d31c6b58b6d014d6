/**
 * The fixture's configurations: the shared integration configuration (alice/wonderland), the
 * broken one `/me-broken` reads with (trustHost off and no AUTH_URL: the core answers 500), and
 * one under `/api/auth` given as a function of the request.
 */
import type { AuthConfig } from "@portcullis/core";
import { fixtureLogger, integrationConfig } from "@portcullis/testkit";

export const appConfig = integrationConfig({ logger: fixtureLogger("app") });

export const brokenConfig = integrationConfig({ trustHost: false, logger: fixtureLogger("broken") });

const apiConfig = integrationConfig({ basePath: "/api/auth", logger: fixtureLogger("app") });

/**
 * The `/api/auth` configuration as a function of the request. It answers the same object each
 * time, so the core's per-configuration cache keeps working; the header only proves it was called
 * with the request.
 */
export function apiConfigOf(request: Request): AuthConfig {
  if (request.headers.get("x-fixture-config") === "refuse") throw new Error("No configuration for you.");
  return apiConfig;
}
