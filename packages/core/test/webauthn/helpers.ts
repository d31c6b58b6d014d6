/** Shared setup of the WebAuthn tests: a passkey config over a memory adapter, and ceremony steps. */
import { Auth, type AuthConfig } from "@portcullis/core";
import type { Adapter } from "@portcullis/core/adapters";
import Passkey from "@portcullis/core/providers/passkey";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { TestClient } from "@portcullis/testkit";
import { SoftAuthenticator } from "./soft-authenticator";

export const SECRET = "test-secret-with-at-least-thirty-two-chars";
export const ORIGIN = "http://localhost:3000";
export const CHALLENGE_COOKIE = "authjs.challenge";

/**
 * A passkey config with a fresh memory adapter (database sessions unless overridden); logged
 * errors are collected in `errors`, warning codes in `warnings`, but for the experimental-feature
 * warning, which every such config raises.
 */
export function passkeyConfig(
  overrides: Partial<AuthConfig> = {},
  errors: Error[] = [],
  warnings: string[] = [],
) {
  return {
    secret: SECRET,
    trustHost: true,
    providers: [Passkey],
    adapter: MemoryAdapter(),
    experimental: { enableWebAuthn: true },
    logger: {
      error: (error: Error) => void errors.push(error),
      warn: (code: string) => void (code === "experimental-webauthn" || warnings.push(code)),
    },
    ...overrides,
  } as AuthConfig & { adapter: Adapter };
}

/** A browser-like client on http://localhost:3000, with a soft authenticator for that origin. */
export function setup(overrides: Partial<AuthConfig> = {}) {
  const errors: Error[] = [];
  const warnings: string[] = [];
  const config = passkeyConfig(overrides, errors, warnings);
  const client = new TestClient((request) => Auth(request, config), ORIGIN, config.now);
  return {
    config,
    adapter: config.adapter,
    client,
    errors,
    warnings,
    authenticator: new SoftAuthenticator(ORIGIN),
  };
}

/** Another browser on the same app (an empty cookie jar). */
export function otherBrowser(client: TestClient): TestClient {
  return new TestClient(client.handler, ORIGIN);
}

/** The `{action, options}` answer of webauthn-options. */
export interface OptionsAnswer {
  action: "register" | "authenticate";
  options: { challenge: string; rp?: { id?: string; name?: string }; rpId?: string } & Record<
    string,
    unknown
  >;
}

/** GET webauthn-options with the given query; returns the response and its JSON. */
export async function options(client: TestClient, query: Record<string, string> = {}, provider = "passkey") {
  const search = new URLSearchParams(query).toString();
  const response = await client.get(`/auth/webauthn-options/${provider}${search ? `?${search}` : ""}`);
  return { response, body: (await response.json()) as OptionsAnswer & { error?: string } };
}

/** POSTs a ceremony's result to the callback with a fresh CSRF token. */
export async function postCallback(client: TestClient, fields: Record<string, string>, provider = "passkey") {
  const csrfToken = await client.csrfToken();
  return client.post(`/auth/callback/${provider}`, { form: { csrfToken, ...fields } });
}

/** Registers a passkey for a new user with this email; returns the callback response. */
export async function register(client: TestClient, authenticator: SoftAuthenticator, email: string) {
  const { body } = await options(client, { email });
  const data = JSON.stringify(authenticator.create(body.options));
  return postCallback(client, { action: body.action, data });
}

/** Signs in with the authenticator's latest passkey; returns the callback response. */
export async function authenticate(client: TestClient, authenticator: SoftAuthenticator) {
  const { body } = await options(client, { action: "authenticate" });
  const data = JSON.stringify(authenticator.get(body.options));
  return postCallback(client, { action: "authenticate", data });
}

/**
 * Re-keys a user's passkey rows (account and authenticator) the way Auth.js writes them: the
 * credential id in standard base64 instead of base64url. Returns that legacy id.
 */
export async function storeAsAuthJs(adapter: Adapter, email: string, credentialId: Buffer): Promise<string> {
  const row = (await adapter.getAuthenticator!(credentialId.toString("base64url")))!;
  const user = (await adapter.getUserByEmail!(email))!;
  await adapter.deleteUser!(user.id);
  const legacyId = credentialId.toString("base64");
  await adapter.createUser!({ ...user });
  await adapter.linkAccount!({
    userId: user.id,
    type: "webauthn",
    provider: "passkey",
    providerAccountId: legacyId,
  });
  await adapter.createAuthenticator!({ ...row, credentialID: legacyId, providerAccountId: legacyId });
  return legacyId;
}
