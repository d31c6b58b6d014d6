/**
 * What the framework integration tests share: one credentials configuration, the user it signs in,
 * and the requests every integration test makes (a credentials sign-in, a GET with any Host).
 */

import { appendFileSync } from "node:fs";
import { connect } from "node:net";
import type { AuthConfig, OAuth2Config } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import OAuth from "@portcullis/core/providers/oauth";
import type { TestClient } from "./client";

/** The name of the session cookie over plain http (`__Secure-` is prepended behind https). */
export const SESSION_COOKIE = "authjs.session-token";

/** The user the credentials provider of {@link integrationConfig} signs in, as the session shows it. */
export const ALICE = { name: "Alice", email: "alice@example.com" } as const;

// Long enough for the core's minimum; a test secret, never used outside tests.
const SECRET = "test-secret-with-at-least-thirty-two-chars";

const credentials = Credentials({
  credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
  authorize: async (input) =>
    input.username === "alice" && input.password === "wonderland" ? { id: "u1", ...ALICE } : null,
});

/**
 * A fresh configuration with one credentials provider accepting alice/wonderland and `trustHost`
 * on. Each call answers a new object, so two apps never share state through the core's
 * per-configuration cache.
 *
 * @param overrides Options replacing the defaults (a logger, `trustHost: false`, a `basePath`...).
 * @returns The configuration. Never throws.
 * @example
 * ```ts
 * const app = express().use("/auth", ExpressAuth(integrationConfig()))
 * ```
 */
export function integrationConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { secret: SECRET, trustHost: true, providers: [credentials], ...overrides };
}

/** Options of {@link signInAsAlice}. */
export interface SignInOptions {
  /** Where the auth routes are (default `/auth`). */
  basePath?: string;
  /** Send the fields as JSON instead of a form. */
  json?: boolean;
  /** Headers of both the CSRF request and the sign-in request. */
  headers?: Record<string, string>;
}

/**
 * Signs in as alice through the credentials callback with `callbackUrl=/dashboard`: fetches a CSRF
 * token, then posts the fields as a form (or JSON). The client's jar keeps the cookies.
 *
 * @param client A client of the app under test.
 * @param options Base path, body type and extra headers.
 * @returns The callback's response (a 302 to the callback URL on success).
 * @throws When the CSRF answer is not JSON.
 * @example
 * ```ts
 * expect((await signInAsAlice(app.client())).status).toBe(302)
 * ```
 */
export async function signInAsAlice(client: TestClient, options: SignInOptions = {}): Promise<Response> {
  const basePath = options.basePath ?? "/auth";
  // Fetched with the same headers: behind https the CSRF cookie has another name.
  const csrf = await client.get(`${basePath}/csrf`, { headers: options.headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const fields = { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/dashboard" };
  return client.post(`${basePath}/callback/credentials`, {
    headers: options.headers,
    ...(options.json ? { json: fields } : { form: fields }),
  });
}

/**
 * The URLs `{basePath}/providers` lists for the credentials provider, which show the origin and
 * base path the core took the request to be under.
 *
 * @param client A client of the app under test.
 * @param basePath Where the auth routes are (default `/auth`).
 * @param headers Extra request headers, e.g. X-Forwarded-Host.
 * @returns The provider's sign-in and callback URLs.
 * @throws When the answer is not the providers JSON.
 * @example
 * ```ts
 * expect((await credentialsUrls(app.client())).signinUrl).toBe(`${app.origin}/auth/signin/credentials`)
 * ```
 */
export async function credentialsUrls(
  client: TestClient,
  basePath = "/auth",
  headers?: Record<string, string>,
): Promise<{ signinUrl: string; callbackUrl: string }> {
  const response = await client.get(`${basePath}/providers`, { headers });
  const body = (await response.json()) as { credentials: { signinUrl: string; callbackUrl: string } };
  return body.credentials;
}

/**
 * Sends a GET over a bare socket, so the Host header can be one fetch refuses to send (a space, an
 * unclosed bracket), and answers the response's status code.
 *
 * @param origin The server's origin, `http://127.0.0.1:<port>`.
 * @param path The request target, e.g. `/auth/csrf`.
 * @param host The Host header, sent as is.
 * @returns The status code of the answer.
 * @throws When the connection fails.
 * @example
 * ```ts
 * expect(await rawGet(app.origin, "/auth/csrf", "a b")).toBe(400)
 * ```
 */
export function rawGet(origin: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(origin).port), "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    });
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => resolve(Number(head.split(" ")[1])));
  });
}

/** Which of a fixture app's configurations logged an error: the app's, or the broken one. */
export type FixtureConfigName = "app" | "broken";

/**
 * A logger for a fixture app's configuration: each error and warning code becomes a JSON line in the file named by
 * `PORTCULLIS_FIXTURE_LOG`, written before the answer is sent, so the test process can hand it to
 * its own loggers after each response (see `startFixtureProcess`).
 *
 * @param config Which configuration logs through it.
 * @returns The logger. Never throws; without the variable it writes nothing.
 * @example
 * ```ts
 * export const appConfig = integrationConfig({ logger: fixtureLogger("app") })
 * ```
 */
export function fixtureLogger(config: FixtureConfigName): AuthConfig["logger"] {
  const write = (entry: object) => {
    const file = process.env.PORTCULLIS_FIXTURE_LOG;
    if (file) appendFileSync(file, `${JSON.stringify({ config, ...entry })}\n`);
  };
  return {
    error: (error: Error) => write({ name: error.name, message: error.message }),
    warn: (warning) => write({ warning }),
  };
}

/** The client the getAccessToken suite registers at its OpenID Provider. */
export const ACCESS_TOKEN_CLIENT = { client_id: "tokens-app", client_secret: "tokens-secret" } as const;

/**
 * The configuration of the getAccessToken suite's apps (see access-token-suite.ts): provider `idp` at `issuer` keeping its tokens in the
 * session JWT, the suite's secret and client, no adapter, errors not logged. An app in another
 * process builds its own copy with this.
 *
 * @param issuer The OpenID Provider's issuer.
 * @param now The app's clock.
 * @returns The configuration.
 * @example
 * ```ts
 * const config = accessTokenConfig(process.env.TOKENS_ISSUER!, () => Date.now() + offset)
 * ```
 */
export function accessTokenConfig(issuer: string, now: () => number): AuthConfig {
  return {
    secret: "access-token-suite-secret-with-32-characters",
    trustHost: true,
    providers: [
      OAuth({
        id: "idp",
        name: "Test IdP",
        type: "oidc",
        issuer,
        clientId: ACCESS_TOKEN_CLIENT.client_id,
        clientSecret: ACCESS_TOKEN_CLIENT.client_secret,
        keepTokensInJwt: true,
      }) satisfies OAuth2Config,
    ],
    now,
    logger: { error: () => {} },
  };
}
