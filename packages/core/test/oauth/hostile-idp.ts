/**
 * A hostile identity provider on node:http: its discovery document, key set, token and userinfo
 * endpoints answer whatever the test sets, and it signs ID tokens with a real RS256 key (jose).
 * As a plain OAuth 2 provider (`hostileProvider`) the sign-in is driven with PKCE only, so the
 * callback needs no state; as an OpenID provider (`hostileOidcProvider`, `signInWith`) the test
 * reads `state` and `nonce` from the authorization URL and calls the app's callback itself.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Adapter, AuthConfig, OAuth2Config } from "@portcullis/core";
import OAuth from "@portcullis/core/providers/oauth";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { browser, location, oauthConfig, startSignIn } from "./helpers";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HostileIdp {
  url: string;
  discovery: Handler;
  jwks: Handler;
  token: Handler;
  userinfo: Handler;
  /** The metadata the discovery endpoint answers by default, with `extra` laid over it. */
  metadata(extra?: Record<string, unknown>): Record<string, unknown>;
  /** An RS256 ID token for `hostileOidcProvider`'s client, with `claims` laid over the usual ones. */
  idToken(claims: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

export const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

/** The client id of `hostileOidcProvider`, the audience of the provider's ID tokens. */
const OIDC_CLIENT_ID = "rp";

async function signingKey(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: "k1", use: "sig", alg: "RS256" } };
}

export async function startHostileIdp(): Promise<HostileIdp> {
  const key = await signingKey();
  const idp: HostileIdp = {
    url: "",
    discovery: (req, res) => json(idp.metadata())(req, res),
    jwks: json({ keys: [key.jwk] }),
    token: json({ access_token: "at", token_type: "bearer" }),
    userinfo: json({ sub: "mallory", email: "mallory@evil.test", name: "Mallory" }),
    metadata: (extra = {}) => ({
      issuer: idp.url,
      authorization_endpoint: `${idp.url}/authorize`,
      token_endpoint: `${idp.url}/token`,
      userinfo_endpoint: `${idp.url}/userinfo`,
      jwks_uri: `${idp.url}/jwks`,
      id_token_signing_alg_values_supported: ["RS256"],
      response_types_supported: ["code"],
      ...extra,
    }),
    idToken: (claims) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: idp.url,
        aud: OIDC_CLIENT_ID,
        sub: "alice",
        iat: now,
        exp: now + 300,
        ...claims,
      })
        .setProtectedHeader({ alg: "RS256", kid: key.jwk.kid! })
        .sign(key.privateKey);
    },
    stop: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    // Drain the request body first.
    req.resume();
    req.on("end", () => {
      if (path === "/.well-known/openid-configuration") return idp.discovery(req, res);
      if (path === "/jwks") return idp.jwks(req, res);
      if (path === "/token") return idp.token(req, res);
      if (path === "/userinfo") return idp.userinfo(req, res);
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  idp.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp.stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return idp;
}

export function hostileProvider(idp: HostileIdp, overrides: Partial<OAuth2Config> = {}): OAuth2Config {
  return OAuth({
    id: "evil",
    name: "Evil",
    type: "oauth",
    authorization: { url: `${idp.url}/authorize`, params: { scope: "email" } },
    token: `${idp.url}/token`,
    userinfo: `${idp.url}/userinfo`,
    clientId: "client",
    clientSecret: "client-secret",
    ...overrides,
  });
}

/** An OpenID provider discovered from the hostile IdP, with PKCE, state and nonce. */
export function hostileOidcProvider(idp: HostileIdp, overrides: Partial<OAuth2Config> = {}): OAuth2Config {
  return OAuth({
    id: "op",
    name: "OP",
    type: "oidc",
    issuer: idp.url,
    clientId: OIDC_CLIENT_ID,
    clientSecret: "rp-secret-rp-secret-rp-secret-rp-secret",
    checks: ["pkce", "state", "nonce"],
    ...overrides,
  });
}

/** Where a sign-in with {@link signInWith} ended. */
export interface Outcome {
  /** Where the callback (or a failed sign-in start) sent the browser: path and query. */
  landed: string;
  /** The errors logged, as `name: message`. */
  errors: string[];
  adapter: Adapter;
}

/**
 * Signs in with `hostileOidcProvider` on a fresh configuration: starts the sign-in, lets the
 * token endpoint answer `tokenBody(nonce)` and calls the callback with the sign-in's state.
 */
export async function signInWith(
  idp: HostileIdp,
  tokenBody: (nonce: string) => Promise<unknown>,
  options: { provider?: Partial<OAuth2Config>; config?: Partial<AuthConfig>; adapter?: Adapter } = {},
): Promise<Outcome> {
  const adapter = options.adapter ?? MemoryAdapter();
  const config = oauthConfig([hostileOidcProvider(idp, options.provider)], { adapter, ...options.config });
  const client = browser(config);
  const errors = () => config.recorded.errors.map((error) => `${error.name}: ${error.message}`);
  const started = location(await startSignIn(client, "op"));
  if (!started.href.startsWith(idp.url))
    return { landed: `${started.pathname}${started.search}`, errors: errors(), adapter };
  const state = started.searchParams.get("state")!;
  idp.token = json(await tokenBody(started.searchParams.get("nonce")!));
  const url = location(await client.get(`/auth/callback/op?${new URLSearchParams({ code: "c", state })}`));
  return { landed: `${url.pathname}${url.search}`, errors: errors(), adapter };
}
