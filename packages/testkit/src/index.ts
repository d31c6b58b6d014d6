/** The private test kit: HTTP helpers and real peers, started and stopped by tests. */
export {
  type AccessTokenApp,
  type AccessTokenFixture,
  accessTokenFixture,
  runAccessTokenSuite,
  type StartAccessTokenApp,
} from "./access-token-suite";
export { enableVirtualAuthenticator, launchChromium } from "./chromium";
export {
  type ClientRequestInit,
  CookieJar,
  type Handler,
  type JarCookie,
  parseSetCookie,
  TestClient,
} from "./client";
export {
  type DatabaseSessionSetup,
  databaseSessionSetup,
  expectReadNotToExtend,
} from "./database-session-read";
export {
  type BuiltFixtureApp,
  type FixtureLoggedError,
  type FixtureLoggers,
  type FixtureProcessOptions,
  type FixtureServer,
  runIntegrationTestsOnFixture,
  startFixtureProcess,
  useFixtureServer,
} from "./fixture-process";
export { type ServedApp, serve } from "./http-server";
export { accessTokenConfig, type FixtureConfigName, fixtureLogger } from "./integration-fixture";
export {
  ALICE,
  credentialsUrls,
  type IntegrationApp,
  type IntegrationRoutes,
  type IntegrationTestOptions,
  integrationConfig,
  rawGet,
  runIntegrationTests,
  SESSION_COOKIE,
  type SignInOptions,
  signInAsAlice,
} from "./integration-suite";
export { startMariaDB } from "./mariadb";
export {
  type CorpIdentityProvider,
  type MigratedFixture,
  migratedFixture,
  startCorpIdentityProvider,
} from "./migrated-fixture";
export {
  type AuthorizeOutcome,
  type LoginBehaviour,
  type OpenIdProviderOptions,
  startOpenIdProvider,
  type TestAccount,
  type TestClient as OidcTestClient,
  type TestOpenIdProvider,
} from "./oidc";
export { startPostgres } from "./postgres";
export { type RunningRedis, startRedis } from "./redis";
export { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy";
export { runSessionControlSuite, type StartSessionControlApp } from "./session-control-suite";
export { type ReceivedMail, type SmtpSink, startSmtpSink } from "./smtp";
export { type RunningDatabase, run } from "./system";
