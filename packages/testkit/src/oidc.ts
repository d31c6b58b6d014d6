import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { CookieJar } from "./client";

/** A client registered at the test OpenID Provider; fields are oidc-provider client metadata. */
export interface TestClient {
  client_id: string;
  /** Omit for a public client; it then authenticates with `none` and must use PKCE. */
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
  response_modes?: string[];
  id_token_signed_response_alg?: string;
  grant_types?: string[];
  response_types?: string[];
  /** Where the provider may send the browser after an RP-initiated logout. */
  post_logout_redirect_uris?: string[];
  /** Where the provider posts back-channel logout tokens when an end-user's session ends. */
  backchannel_logout_uri?: string;
  /** Whether logout tokens (and ID tokens) carry the provider's session id, `sid`. */
  backchannel_logout_session_required?: boolean;
}

/**
 * An end-user of the test OpenID Provider. `email` and `email_verified` are released under the `email` scope;
 * standard profile claims and any other claim of the accounts given at start under `profile`.
 */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  [claim: string]: unknown;
}

/** What the next sign-in at the provider does. */
export type LoginBehaviour = { sub: string } | { deny: true };

/** The outcome of {@link TestOpenIdProvider.authorize}: where the provider sends the end-user back. */
export type AuthorizeOutcome =
  | { kind: "redirect"; url: string }
  | { kind: "form_post"; action: string; fields: Record<string, string> };

/** A running OpenID Provider on 127.0.0.1 started by {@link startOpenIdProvider}. */
export interface TestOpenIdProvider {
  /** `http://127.0.0.1:<port>`; discovery is served under it unless the provider is plain OAuth. */
  issuer: string;
  /** The provider's endpoints, for clients configured without discovery. */
  endpoints: { authorization: string; token: string; userinfo: string; jwks: string };
  /** Accounts by `sub`; accounts added later can sign in too. */
  accounts: Map<string, TestAccount>;
  /**
   * What the next interaction does: sign in as this account and grant consent, or deny (the provider redirects
   * back with `error=access_denied`). Without a queued behaviour the first account signs in.
   * @throws When `sub` is not a known account.
   */
  nextLogin(behaviour: LoginBehaviour): void;
  /**
   * Drives an authorization without a browser: follows the provider's redirects with its own cookies, signs in
   * and consents per {@link nextLogin}, and returns the response meant for the client. Every call starts with
   * no provider session, so each one consumes a login behaviour.
   * @throws When the provider shows an error page instead of answering the client (bad client or redirect_uri).
   */
  authorize(authorizationUrl: string): Promise<AuthorizeOutcome>;
  /** How many token requests of a grant type (`refresh_token`, `authorization_code`) the provider answered, successful or not. */
  grantCount(grantType: string): number;
  /**
   * Signs a JWT with the provider's own signing key (RS256, its `kid`), for tests that forge tokens the
   * provider would never issue (a logout token with the wrong audience, a nonce...). `header` adds or
   * overrides protected header parameters (e.g. `typ`).
   */
  sign(claims: JWTPayload, header?: Record<string, string>): Promise<string>;
  stop(): Promise<void>;
}

/** Options of {@link startOpenIdProvider}. */
export interface OpenIdProviderOptions {
  clients: TestClient[];
  /** Defaults to one verified account, `alice`. */
  accounts?: TestAccount[];
  /**
   * Behave like a plain OAuth 2 server (GitHub-like): no discovery document, no `iss` in authorization
   * responses, and a `/user` endpoint that returns the account for any access token, `openid` scope or not.
   */
  plainOAuth?: boolean;
  /**
   * The account the userinfo endpoint answers for when presented an access token of `sub` (the ID token stays
   * `sub`'s), to play a provider whose userinfo is about another subject than its ID token. Default: `sub` itself.
   */
  userinfoAccount?: (sub: string) => string;
  /**
   * Issue refresh tokens to every client allowed the `refresh_token` grant (in `grant_types`), with or
   * without the `offline_access` scope. `rotate` (default true): each refresh answers a new refresh
   * token and consumes the old one; presenting a consumed one revokes the whole grant, as oidc-provider
   * does. `accessTokenTtl`: access token lifetime in seconds (default 3600). The revocation endpoint
   * (`/token/revocation`, RFC 7009) is enabled too, to revoke a refresh token as a user would.
   */
  refreshTokens?: { rotate?: boolean; accessTokenTtl?: number };
}

/**
 * Starts a real OpenID Provider (oidc-provider) on 127.0.0.1 with a port chosen at run time, so OAuth and OIDC
 * sign-in is tested against a conformant, certified implementation rather than a mock. Login and consent
 * are finished programmatically as {@link TestOpenIdProvider.nextLogin} says; PKCE, client authentication,
 * ID token signing (a fresh RS256 key) and userinfo behave as oidc-provider does by default.
 *
 * @param options Clients to register, accounts, and whether to act as a plain OAuth 2 server.
 * @returns The running provider.
 * @throws When a client's metadata is invalid or the socket cannot be bound.
 * @example
 * const idp = await startOpenIdProvider({
 *   clients: [{ client_id: "app", client_secret: "s3cret", redirect_uris: ["http://127.0.0.1:3000/cb"] }],
 * });
 * idp.nextLogin({ sub: "alice" });
 * const outcome = await idp.authorize(`${idp.issuer}/auth?client_id=app&response_type=code&scope=openid`);
 * await idp.stop();
 */
export async function startOpenIdProvider(options: OpenIdProviderOptions): Promise<TestOpenIdProvider> {
  const accounts = new Map((options.accounts ?? [DEFAULT_ACCOUNT]).map((account) => [account.sub, account]));
  const queue: LoginBehaviour[] = [];
  const logins: LoginQueue = {
    // Without a queued behaviour the first account signs in, so simple tests need no setup.
    atLogin: () => queue.shift() ?? firstAccount(accounts),
    deniesConsent: () => {
      if (!queue[0] || !("deny" in queue[0])) return false;
      queue.shift();
      return true;
    },
  };
  const plain = options.plainOAuth === true;

  // The issuer names the port, so the socket is bound first and the provider attached once it exists.
  let provider: OidcProvider | undefined;
  const server = createServer((req, res) => {
    if (provider) route(provider, req, res).catch((error: unknown) => fail(res, error));
    else fail(res, new Error("still starting"));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  provider = await createProvider(
    issuer,
    options.clients,
    accounts,
    plain,
    options.userinfoAccount,
    options.refreshTokens,
    privateKey,
  );
  const grants = new Map<string, number>();
  const countGrant = (ctx: { oidc?: { params?: { grant_type?: unknown } } }) => {
    const type = String(ctx.oidc?.params?.grant_type);
    grants.set(type, (grants.get(type) ?? 0) + 1);
  };
  provider.on("grant.success", countGrant);
  provider.on("grant.error", countGrant);
  const callback = provider.callback();

  async function route(op: OidcProvider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? "/", issuer);
    if (pathname.startsWith("/interaction/")) return interact(op, req, res, logins);
    if (plain && pathname === "/.well-known/openid-configuration") return void res.writeHead(404).end();
    if (plain && pathname === "/user") return plainUserinfo(op, accounts, req, res);
    callback(req, res);
  }

  return {
    issuer,
    endpoints: {
      authorization: `${issuer}/auth`,
      token: `${issuer}/token`,
      userinfo: plain ? `${issuer}/user` : `${issuer}/me`,
      jwks: `${issuer}/jwks`,
    },
    accounts,
    nextLogin(behaviour) {
      if ("sub" in behaviour && !accounts.has(behaviour.sub)) {
        throw new Error(`nextLogin: no test account has sub "${behaviour.sub}"`);
      }
      queue.push(behaviour);
    },
    authorize: (url) => authorizeWithoutBrowser(issuer, url),
    grantCount: (grantType) => grants.get(grantType) ?? 0,
    sign: (claims, header = {}) =>
      new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: SIGNING_KID, ...header }).sign(privateKey),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The `kid` of the provider's signing key. */
const SIGNING_KID = "test-rs256";

const DEFAULT_ACCOUNT: TestAccount = {
  sub: "alice",
  email: "alice@example.test",
  email_verified: true,
  name: "Alice Example",
  picture: "https://example.test/alice.png",
};

const STANDARD_PROFILE_CLAIMS = [
  "name",
  "given_name",
  "family_name",
  "nickname",
  "preferred_username",
  "picture",
];

/** The queued {@link LoginBehaviour}s as the interaction endpoint consumes them. */
interface LoginQueue {
  /** The behaviour for a login prompt: the next queued one, else the first account. */
  atLogin(): LoginBehaviour;
  /** Consumes and reports a queued denial at a consent prompt reached without login. */
  deniesConsent(): boolean;
}

function firstAccount(accounts: Map<string, TestAccount>): LoginBehaviour {
  const first = accounts.keys().next();
  return first.done ? { deny: true } : { sub: first.value };
}

/** Builds the oidc-provider instance: documented configuration, no dev interactions, no console notices. */
async function createProvider(
  issuer: string,
  clients: TestClient[],
  accounts: Map<string, TestAccount>,
  plain: boolean,
  userinfoAccount: ((sub: string) => string) | undefined,
  refreshTokens: OpenIdProviderOptions["refreshTokens"],
  privateKey: CryptoKey,
): Promise<OidcProvider> {
  const signingKey = { ...(await exportJWK(privateKey)), kid: SIGNING_KID, alg: "RS256", use: "sig" };
  const extraClaims = [...accounts.values()].flatMap((account) => Object.keys(account));
  const profileClaims = [...new Set([...STANDARD_PROFILE_CLAIMS, ...extraClaims])].filter(
    (claim) => !["sub", "email", "email_verified"].includes(claim),
  );
  return quietly(async () => {
    // @ts-expect-error oidc-provider ships no type declarations; OidcProviderModule describes what is used.
    const { Provider } = (await import("oidc-provider")) as OidcProviderModule;
    const op = new Provider(issuer, {
      clients: clients.map((client) =>
        client.client_secret === undefined ? { token_endpoint_auth_method: "none", ...client } : client,
      ),
      findAccount: async (ctx: { oidc?: { route?: string } }, sub: string) => {
        // oidc-provider sets the userinfo `sub` to the found account's id, so a swap happens here.
        const id = ctx.oidc?.route === "userinfo" && userinfoAccount ? userinfoAccount(sub) : sub;
        const account = accounts.get(id);
        return account && { accountId: id, claims: async () => ({ ...account }) };
      },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: profileClaims },
      scopes: ["openid", "offline_access", "email", "profile"],
      // Release requested scope claims in the ID token too, as Google and most providers do.
      conformIdTokenClaims: false,
      allowOmittingSingleRegisteredRedirectUri: true,
      features: {
        devInteractions: { enabled: false },
        userinfo: { enabled: true },
        // With refresh tokens, a client (or a test playing the user) can revoke one (RFC 7009).
        ...(refreshTokens && { revocation: { enabled: true } }),
        // Logout as the specifications describe it: the end-session endpoint (with its confirmation
        // page) and logout tokens posted to clients that register a backchannel_logout_uri.
        rpInitiatedLogout: { enabled: true },
        backchannelLogout: { enabled: true },
      },
      interactions: {
        url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      clientBasedCORS: () => true,
      // Outgoing requests (back-channel logout tokens) go to apps on 127.0.0.1, which oidc-provider's
      // SSRF guard refuses: its dispatcher is dropped, since every peer of a test is on loopback.
      fetch: (url: string, { dispatcher: _guard, ...options }: RequestInit & { dispatcher?: unknown }) =>
        globalThis.fetch(url, options),
      cookies: { keys: [randomBytes(32).toString("base64url")] },
      jwks: { keys: [signingKey] },
      ...(refreshTokens && {
        issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
          client.grantTypeAllowed("refresh_token"),
        rotateRefreshToken: refreshTokens.rotate ?? true,
      }),
      ttl: {
        AccessToken: refreshTokens?.accessTokenTtl ?? 3600,
        ...(refreshTokens && { RefreshToken: 24 * 3600 }),
        AuthorizationCode: 60,
        IdToken: 3600,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
      renderError: async (ctx: { type: string; body: unknown }, out: Record<string, string>) => {
        ctx.type = "json";
        ctx.body = out;
      },
    });
    if (plain) op.use(withoutIssParameter(issuer));
    return op;
  });
}

/** Finishes the login or consent prompt of the interaction in the request, as the queued behaviour says. */
async function interact(
  op: OidcProvider,
  req: IncomingMessage,
  res: ServerResponse,
  logins: LoginQueue,
): Promise<void> {
  const details = await op.interactionDetails(req, res);
  const denied = { error: "access_denied", error_description: "End-User denied the authorization request" };
  if (details.prompt.name === "login") {
    const behaviour = logins.atLogin();
    const result = "sub" in behaviour ? { login: { accountId: behaviour.sub } } : denied;
    return op.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  // A browser that still has a provider session skips login; a queued denial then applies at consent.
  if (logins.deniesConsent()) {
    return op.interactionFinished(req, res, denied, { mergeWithLastSubmission: false });
  }
  const accountId = details.session?.accountId;
  if (details.prompt.name !== "consent" || !accountId) {
    throw new Error(`unexpected prompt ${details.prompt.name}`);
  }
  const grant = details.grantId
    ? await op.Grant.find(details.grantId)
    : new op.Grant({ accountId, clientId: String(details.params.client_id) });
  if (!grant) throw new Error("the interaction's grant no longer exists");
  const missing = details.prompt.details;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(" "));
  }
  const grantId = await grant.save();
  return op.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** GitHub-style `GET /user`: the account behind a bearer access token, whatever its scope. */
async function plainUserinfo(
  op: OidcProvider,
  accounts: Map<string, TestAccount>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const token = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const accessToken = token ? await op.AccessToken.find(token) : undefined;
  const account = accessToken && accounts.get(accessToken.accountId);
  const body = account ?? { error: "invalid_token" };
  res.writeHead(account ? 200 : 401, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** Koa middleware removing RFC 9207's `iss` from redirects back to clients, as plain OAuth servers send none. */
function withoutIssParameter(issuer: string) {
  return async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    await next();
    const location = ctx.response.get("location");
    const url = location ? new URL(location, issuer) : undefined;
    if (!url || url.origin === issuer) return;
    url.searchParams.delete("iss");
    const fragment = new URLSearchParams(url.hash.slice(1));
    fragment.delete("iss");
    url.hash = fragment.toString();
    ctx.response.set("location", url.href);
  };
}

function fail(res: ServerResponse, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
  res.end(`test OpenID Provider: ${message}`);
}

let quietDepth = 0;
let original: { info: typeof console.info; warn: typeof console.warn } | undefined;

/** Runs `task` with oidc-provider's start-up notices (dev adapter, Node version) kept off the test output. */
async function quietly<T>(task: () => Promise<T>): Promise<T> {
  if (quietDepth++ === 0) {
    const saved = { info: console.info, warn: console.warn };
    original = saved;
    const drop =
      (log: (...args: unknown[]) => void) =>
      (...args: unknown[]) => {
        if (!String(args[0]).includes("oidc-provider ")) log(...args);
      };
    console.info = drop(saved.info);
    console.warn = drop(saved.warn);
  }
  try {
    return await task();
  } finally {
    if (--quietDepth === 0 && original) {
      console.info = original.info;
      console.warn = original.warn;
    }
  }
}

/** Follows the provider's redirects as a cookie-keeping browser would, up to the response for the client. */
async function authorizeWithoutBrowser(issuer: string, authorizationUrl: string): Promise<AuthorizeOutcome> {
  // Cookies are kept by name only; the provider's path-scoped interaction cookies never clash by name.
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== issuer) return { kind: "redirect", url: url.href };
    const cookie = jar.header();
    const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    jar.update(response);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      // Read, not cancelled: under Next.js's fetch the body is a tee, and cancelling one branch
      // waits for the other, which nobody reads.
      await response.arrayBuffer();
      url = new URL(location, url);
      continue;
    }
    const body = await response.text();
    const form = parseFormPost(body);
    if (form) return form;
    throw new Error(
      `The OpenID Provider answered ${response.status} instead of responding to the client: ${body}`,
    );
  }
  throw new Error("The OpenID Provider redirected more than 20 times");
}

function parseFormPost(html: string): AuthorizeOutcome | undefined {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) return undefined;
  const fields: Record<string, string> = {};
  for (const [, name = "", value = ""] of html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"/g,
  )) {
    fields[unescapeHtml(name)] = unescapeHtml(value);
  }
  return { kind: "form_post", action: unescapeHtml(action), fields };
}

function unescapeHtml(text: string): string {
  const entities: Record<string, string> = {
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#39;": "'",
  };
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}

/** The slice of oidc-provider's API used here (the package has no type declarations). */
interface OidcProviderModule {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
}

interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  on(event: string, listener: (ctx: { oidc?: { params?: { grant_type?: unknown } } }) => void): void;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: object,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): OidcGrant;
    find(id: string): Promise<OidcGrant | undefined>;
  };
  AccessToken: { find(token: string): Promise<{ accountId: string } | undefined> };
}

interface OidcInteraction {
  prompt: {
    name: string;
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
  };
  params: Record<string, unknown>;
  session?: { accountId: string };
  grantId?: string;
}

interface OidcGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

interface KoaContext {
  response: { get(name: string): string; set(name: string, value: string): void };
}
