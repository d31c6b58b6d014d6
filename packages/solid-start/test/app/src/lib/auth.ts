/**
 * The fixture's configurations: the shared integration configuration (alice/wonderland), the
 * broken one `/me-broken` reads with (trustHost off and no AUTH_URL: the core answers 500), and
 * one under `/api/auth` given as a function of the request, and one with a session store under
 * `/sessions/`.
 */
import { type AuthConfig, memorySessionStore } from "@portcullis/core";
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

/**
 * `/sessions/...`: JWT sessions registered in an in-process store, checked on every read so that a
 * revocation shows at once. Its routes are at `/sessions/auth`.
 */
export const storeConfig = integrationConfig({
  basePath: "/sessions/auth",
  logger: fixtureLogger("app"),
  session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 },
});
