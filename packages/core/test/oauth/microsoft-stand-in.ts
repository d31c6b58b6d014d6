/**
 * A stand-in for Microsoft's identity platform on loopback: Microsoft itself cannot be reached
 * from the test suite, so this server answers what login.microsoftonline.com answers, in its
 * shapes. The multi-tenant authorities (`/common`, `/organizations`, `/consumers`) serve discovery
 * documents that name their issuer as Microsoft's do (the `{tenantid}` template; `/consumers` the
 * personal-accounts tenant), each known tenant serves its own document and key set, an unknown
 * tenant is answered 400, and the token endpoint answers what the test sets. `/common` and
 * `/organizations` publish one signing key and the tenants (and `/consumers`, which is the
 * personal-accounts tenant) another, so a token checked against the wrong key set fails. Graph's photo endpoint answers 404 (no photo). Every request's path is recorded.
 */
import { type ServedApp, serve } from "@portcullis/testkit";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/** Two tenants of work accounts, and the tenant of every personal Microsoft account. */
export const TENANT_A = "6f1c2a3e-0b4d-4c8e-9a71-2d5e8f9b0c11";
export const TENANT_B = "b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e";
export const PERSONAL_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

/** The app registration's client id, the audience of the ID tokens. */
export const CLIENT_ID = "entra-app";

const AUTHORITIES = new Set(["common", "organizations", "consumers"]);

/** Which of the stand-in's keys signs a token: its tenants' or its authorities'. */
export type SigningKey = "tenant" | "authority";

export interface MicrosoftStandIn {
  url: string;
  /** The path of every request, in order. */
  requests: string[];
  /** The issuer a discovery document names instead of the usual one, by authority or tenant. */
  namedIssuer: Map<string, string>;
  /** What the token endpoint answers next (the authorization code grant and refreshes alike). */
  tokenAnswer: () => Promise<Record<string, unknown>>;
  /** An ID token of a user of `tenant` for {@link CLIENT_ID}, with `claims` laid over the usual ones. */
  idToken(tenant: string, claims?: Record<string, unknown>, key?: SigningKey): Promise<string>;
  /** A token answer with an access token, a refresh token and the ID token of `idToken`. */
  answer(
    tenant: string,
    claims?: Record<string, unknown>,
    key?: SigningKey,
  ): Promise<Record<string, unknown>>;
  /** How many times the discovery document of an authority or tenant was asked for. */
  discoveries(segment: string): number;
  close(): Promise<void>;
}

interface Key {
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signingKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, use: "sig", alg: "RS256" } };
}

const WELL_KNOWN = "/v2.0/.well-known/openid-configuration";

/** The tenants the stand-in knows: work tenants A and B and the personal-accounts tenant. */
const TENANTS = new Set([TENANT_A, TENANT_B, PERSONAL_TENANT]);

/** Starts the stand-in on 127.0.0.1 with a port chosen at run time. */
export async function startMicrosoftStandIn(): Promise<MicrosoftStandIn> {
  const keys = { tenant: await signingKey("tenant-key"), authority: await signingKey("authority-key") };
  let app: ServedApp | undefined;
  const url = () => app!.url;

  const issuerOf = (segment: string): string => {
    if (segment === "consumers") return `${url()}/${PERSONAL_TENANT}/v2.0`;
    return AUTHORITIES.has(segment) ? `${url()}/{tenantid}/v2.0` : `${url()}/${segment}/v2.0`;
  };
  const document = (segment: string) => ({
    issuer: standIn.namedIssuer.get(segment) ?? issuerOf(segment),
    authorization_endpoint: `${url()}/${segment}/oauth2/v2.0/authorize`,
    token_endpoint: `${url()}/${segment}/oauth2/v2.0/token`,
    jwks_uri: `${url()}/${segment}/discovery/v2.0/keys`,
    userinfo_endpoint: `${url()}/oidc/userinfo`,
    response_types_supported: ["code", "id_token", "code id_token"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
  });

  const handle = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    standIn.requests.push(path);
    const segment = path.split("/")[1] ?? "";
    const known = AUTHORITIES.has(segment) || TENANTS.has(segment);
    if (path.startsWith("/v1.0/")) return new Response(null, { status: 404 });
    if (!known) return Response.json({ error: "invalid_tenant" }, { status: 400 });
    if (path === `/${segment}${WELL_KNOWN}`) return Response.json(document(segment));
    if (path === `/${segment}/discovery/v2.0/keys`) {
      // `/consumers` is the personal-accounts tenant under another name: it publishes its keys.
      const key = segment === "common" || segment === "organizations" ? keys.authority : keys.tenant;
      return Response.json({ keys: [key.jwk] });
    }
    if (path === `/${segment}/oauth2/v2.0/token` && request.method === "POST") {
      await request.text();
      return Response.json(await standIn.tokenAnswer());
    }
    return new Response(null, { status: 404 });
  };

  const standIn: MicrosoftStandIn = {
    url: "",
    requests: [],
    namedIssuer: new Map(),
    tokenAnswer: async () => ({ error: "invalid_grant" }),
    idToken: (tenant, claims = {}, key = "tenant") => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: `${url()}/${tenant}/v2.0`,
        aud: CLIENT_ID,
        sub: "ada-pairwise-subject",
        tid: tenant,
        oid: "00000000-0000-0000-0000-00000000ada0",
        name: "Ada Lovelace",
        email: "ada@contoso.test",
        ver: "2.0",
        iat: now,
        nbf: now,
        exp: now + 3600,
        ...claims,
      })
        .setProtectedHeader({ alg: "RS256", kid: keys[key].jwk.kid! })
        .sign(keys[key].privateKey);
    },
    answer: async (tenant, claims, key) => ({
      access_token: `at-${crypto.randomUUID()}`,
      refresh_token: `rt-${crypto.randomUUID()}`,
      token_type: "Bearer",
      expires_in: 90,
      scope: "openid profile email User.Read",
      id_token: await standIn.idToken(tenant, claims, key),
    }),
    discoveries: (segment) => standIn.requests.filter((path) => path === `/${segment}${WELL_KNOWN}`).length,
    close: () => app!.close(),
  };
  app = await serve(handle);
  standIn.url = app.url;
  return standIn;
}
