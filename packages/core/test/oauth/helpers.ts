/**
 * Shared setup of the OAuth/OIDC tests: a real OpenID Provider (oidc-provider on 127.0.0.1),
 * configs pointing at it, and a browser-like walk through sign-in, provider and callback.
 */

import { type Adapter, Auth, type AuthConfig, type OAuth2Config } from "@portcullis/core";
import OAuth from "@portcullis/core/providers/oauth";
import {
  type OidcTestClient,
  startOpenIdProvider,
  type TestAccount,
  TestClient,
  type TestOpenIdProvider,
} from "@portcullis/testkit";
import { expect } from "vitest";

export const SECRET = "oauth-test-secret-with-at-least-32-characters";
export const ORIGIN = "http://localhost:3000";

/** The redirect URI of a provider id on an app origin. */
export function redirectUri(id: string, origin = ORIGIN): string {
  return `${origin}/auth/callback/${id}`;
}

export const ALICE: TestAccount = {
  sub: "alice",
  email: "alice@example.test",
  email_verified: true,
  name: "Alice Example",
  picture: "https://example.test/alice.png",
};

export const BOB: TestAccount = {
  sub: "bob",
  email: "bob@example.test",
  email_verified: true,
  name: "Bob Example",
};

/** An attacker: an ordinary account at the IdP. */
export const MALLORY: TestAccount = {
  sub: "mallory",
  email: "mallory@example.test",
  email_verified: true,
  name: "Mallory",
};

/** The user the adapter links to an account of `provider` with subject `sub`, if any. */
export function owner(adapter: Adapter, provider: string, sub: string) {
  return adapter.getUserByAccount!({ provider, providerAccountId: sub });
}

/** Registered client ids and secrets. */
export const BASIC = { client_id: "basic-app", client_secret: "basic-secret" };
export const POST = { client_id: "post-app", client_secret: "post-secret" };

/**
 * Starts an OpenID Provider that knows the basic and post clients for the given provider ids
 * (each at every given origin), with alice and bob.
 */
export async function startIdp(
  options: {
    ids?: string[];
    origins?: string[];
    plainOAuth?: boolean;
    accounts?: TestAccount[];
    userinfoAccount?: (sub: string) => string;
  } = {},
): Promise<TestOpenIdProvider> {
  const ids = options.ids ?? ["idp"];
  const origins = options.origins ?? [ORIGIN];
  const redirect_uris = ids.flatMap((id) => origins.map((origin) => redirectUri(id, origin)));
  const clients: OidcTestClient[] = [
    { ...BASIC, redirect_uris, response_modes: ["query", "form_post"] },
    { ...POST, redirect_uris, token_endpoint_auth_method: "client_secret_post" },
  ];
  return startOpenIdProvider({
    clients,
    accounts: options.accounts ?? [ALICE, BOB],
    plainOAuth: options.plainOAuth,
    userinfoAccount: options.userinfoAccount,
  });
}

/** An OIDC provider for the IdP, discovered through its issuer, authenticating with client_secret_basic. */
export function oidcProvider(idp: TestOpenIdProvider, overrides: Partial<OAuth2Config> = {}): OAuth2Config {
  return OAuth({
    id: "idp",
    name: "Test IdP",
    type: "oidc",
    issuer: idp.issuer,
    clientId: BASIC.client_id,
    clientSecret: BASIC.client_secret,
    ...overrides,
  });
}

/** What a test collects from the logger and the events. */
export interface Recorded {
  errors: Error[];
  events: Array<{ name: string; message: Record<string, unknown> }>;
}

/** A fresh config (new object: nothing shared through the per-config caches) that records logs and events. */
export function oauthConfig(
  providers: OAuth2Config[],
  overrides: Partial<AuthConfig> = {},
): AuthConfig & { recorded: Recorded } {
  const recorded: Recorded = { errors: [], events: [] };
  const record = (name: string) => (message: unknown) => {
    recorded.events.push({ name, message: message as Record<string, unknown> });
  };
  return {
    secret: SECRET,
    trustHost: true,
    providers,
    logger: { error: (error) => recorded.errors.push(error) },
    events: {
      createUser: record("createUser"),
      linkAccount: record("linkAccount"),
      signIn: record("signIn"),
    },
    ...overrides,
    recorded,
  };
}

/** A browser-like client talking to Auth with the config. */
export function browser(config: AuthConfig, origin = ORIGIN): TestClient {
  return new TestClient((request) => Auth(request, config), origin, config.now);
}

/** Posts the sign-in form of a provider; returns the response (a redirect to the provider on success). */
export async function startSignIn(
  client: TestClient,
  id = "idp",
  options: { callbackUrl?: string; query?: string } = {},
): Promise<Response> {
  const csrfToken = await client.csrfToken();
  const path = `/auth/signin/${id}${options.query ? `?${options.query}` : ""}`;
  return client.post(path, { form: { csrfToken, callbackUrl: options.callbackUrl ?? "/dashboard" } });
}

/** The Location of a redirect response, asserting it is one. */
export function location(response: Response): URL {
  expect(response.status).toBe(302);
  const value = response.headers.get("location");
  expect(value).toBeTruthy();
  return new URL(value!);
}

/**
 * Lets the provider answer an authorization URL (logging in as `sub`, or denying) and returns
 * the request the browser would then make to the app: a GET of the redirect, or the POST of a
 * form_post page.
 */
export async function providerAnswer(
  idp: TestOpenIdProvider,
  authorizationUrl: URL,
  login: { sub: string } | { deny: true } = { sub: "alice" },
): Promise<{ method: "GET" | "POST"; url: string; form?: Record<string, string> }> {
  idp.nextLogin(login);
  const outcome = await idp.authorize(authorizationUrl.href);
  if (outcome.kind === "redirect") return { method: "GET", url: outcome.url };
  return { method: "POST", url: outcome.action, form: outcome.fields };
}

/** Sends the provider's answer to the app, as the browser would. */
export function deliver(
  client: TestClient,
  answer: { method: "GET" | "POST"; url: string; form?: Record<string, string> },
): Promise<Response> {
  return answer.method === "GET" ? client.get(answer.url) : client.post(answer.url, { form: answer.form });
}

/** The whole sign-in: form POST, provider login, callback. Returns the callback's response. */
export async function signInThrough(
  client: TestClient,
  idp: TestOpenIdProvider,
  options: { id?: string; sub?: string; callbackUrl?: string } = {},
): Promise<Response> {
  const started = await startSignIn(client, options.id, { callbackUrl: options.callbackUrl });
  const answer = await providerAnswer(idp, location(started), { sub: options.sub ?? "alice" });
  return deliver(client, answer);
}

/** The session JSON of the client. */
export async function sessionOf(client: TestClient): Promise<{ user?: Record<string, unknown> } | null> {
  return (await client.session()) as { user?: Record<string, unknown> } | null;
}

/** The names of the cookies a response sets (with a value) and clears. */
export function setCookies(response: Response): { set: string[]; cleared: string[]; raw: string[] } {
  const raw = response.headers.getSetCookie();
  const set: string[] = [];
  const cleared: string[] = [];
  for (const header of raw) {
    const [pair = ""] = header.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    (value === "" ? cleared : set).push(name);
  }
  return { set, cleared, raw };
}
