/**
 * Microsoft Entra ID's multi-tenant authorities (`/common`, the provider's default, and
 * `/organizations`, `/consumers`). Their discovery document names its issuer as a template,
 * `https://login.microsoftonline.com/{tenantid}/v2.0`, and each ID token names the user's own
 * tenant in `iss` and `tid`. Portcullis once refused the document (every sign-in ended with
 * `Configuration`) and would have refused the tokens. Now the template is accepted on those
 * paths only, and each ID token is checked against the issuer and keys of its tenant.
 *
 * Microsoft cannot be reached from the suite: a loopback server stands in for it (see
 * `microsoft-stand-in.ts`), serving the same document shapes, tenants and keys.
 */

import type { AuthConfig, OAuth2Config } from "@portcullis/core";
import AzureAD from "@portcullis/core/providers/azure-ad";
import MicrosoftEntraID, { graphBaseUrl } from "@portcullis/core/providers/microsoft-entra-id";
import OAuth from "@portcullis/core/providers/oauth";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { serve } from "@portcullis/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discover, discoverTenant, TENANT_CACHE_LIMIT } from "../../src/flows/oauth/discovery";
import { accessToken, clock, engineOf, NEAR_EXPIRY } from "../access-token/helpers";
import { browser, location, oauthConfig, sessionOf, startSignIn } from "./helpers";
import {
  CLIENT_ID,
  type MicrosoftStandIn,
  PERSONAL_TENANT,
  startMicrosoftStandIn,
  TENANT_A,
  TENANT_B,
} from "./microsoft-stand-in";

let ms: MicrosoftStandIn;
// A fresh stand-in (a new issuer) per test: discovery documents are cached per issuer.
beforeEach(async () => {
  ms = await startMicrosoftStandIn();
});
afterEach(() => ms.close());

type Factory = typeof MicrosoftEntraID | typeof AzureAD;

/** The provider on the stand-in's `segment` (an authority or a tenant), with Graph on the stand-in. */
function provider(segment: string, factory: Factory = MicrosoftEntraID): OAuth2Config {
  return factory({
    clientId: CLIENT_ID,
    clientSecret: "entra-secret",
    issuer: `${ms.url}/${segment}/v2.0`,
    [graphBaseUrl]: `${ms.url}/v1.0`,
  }) as OAuth2Config;
}

/** Path and query of a URL. */
const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/**
 * Starts a sign-in and, when it reached the stand-in's authorize endpoint, calls the callback
 * with a code the token endpoint answers with `answer()` (the browser step at Microsoft is
 * skipped: only PKCE is checked, and the stand-in takes any code).
 */
async function signIn(
  entra: OAuth2Config,
  answer: () => Promise<Record<string, unknown>>,
  overrides: Partial<AuthConfig> = {},
) {
  ms.tokenAnswer = answer;
  const config = oauthConfig([entra], overrides);
  const client = browser(config);
  const started = location(await startSignIn(client, entra.id));
  if (started.origin !== ms.url) return { started, landed: pathOf(started), client, config };
  // `location` asserts a redirect: a refused token is never a 5xx.
  const landed = pathOf(location(await client.get(`/auth/callback/${entra.id}?code=one-time-code`)));
  return { started, landed, client, config };
}

describe("a multi-tenant authority", () => {
  it.each([
    { factory: MicrosoftEntraID, authority: "common", tenant: TENANT_A },
    { factory: MicrosoftEntraID, authority: "organizations", tenant: TENANT_B },
    { factory: MicrosoftEntraID, authority: "consumers", tenant: PERSONAL_TENANT },
    { factory: AzureAD, authority: "common", tenant: TENANT_A },
    { factory: AzureAD, authority: "organizations", tenant: TENANT_B },
  ])(
    "$factory.name on /$authority signs in a user of tenant $tenant",
    async ({ factory, authority, tenant }) => {
      const entra = provider(authority, factory);
      const { started, landed, client, config } = await signIn(entra, () => ms.answer(tenant));
      expect(pathOf(started).startsWith(`/${authority}/oauth2/v2.0/authorize?`)).toBe(true);
      expect(landed).toBe("/dashboard");
      expect(config.recorded.errors).toEqual([]);
      expect(await sessionOf(client)).toMatchObject({
        user: { name: "Ada Lovelace", email: "ada@contoso.test", image: null },
      });
    },
  );

  it("discovers a tenant once for many sign-ins, and each tenant on its own", async () => {
    const entra = provider("common");
    for (const tenant of [TENANT_A, TENANT_A, TENANT_B]) {
      expect((await signIn(entra, () => ms.answer(tenant))).landed).toBe("/dashboard");
    }
    expect(ms.discoveries("common")).toBe(1);
    expect(ms.discoveries(TENANT_A)).toBe(1);
    expect(ms.discoveries(TENANT_B)).toBe(1);
  });

  it("refreshes the access token of a user of a tenant (the new ID token names that tenant)", async () => {
    const adapter = MemoryAdapter();
    const time = clock();
    const entra = provider("common");
    const { landed, client, config } = await signIn(entra, () => ms.answer(TENANT_A), {
      adapter,
      now: time.now,
    });
    expect(landed).toBe("/dashboard");
    time.advance(NEAR_EXPIRY);
    const refreshed = await ms.answer(TENANT_A);
    ms.tokenAnswer = async () => refreshed;
    const token = await accessToken(engineOf(config), client, entra.id);
    expect(token?.accessToken).toBe(refreshed.access_token);
  });
});

describe("an ID token from a multi-tenant authority is refused, with no session, when", () => {
  it.each([
    { when: "its tid is a domain, not a tenant id", claims: () => ({ tid: "contoso.onmicrosoft.com" }) },
    { when: "its tid is a path", claims: () => ({ tid: `../${TENANT_A}` }) },
    { when: "it has no tid", claims: () => ({ tid: undefined }) },
    {
      when: "its iss is another tenant's than its tid",
      claims: () => ({ iss: `${ms.url}/${TENANT_B}/v2.0` }),
    },
    { when: "its iss is the authority's template", claims: () => ({ iss: `${ms.url}/{tenantid}/v2.0` }) },
    {
      when: "its tenant is unknown to Microsoft",
      claims: () => ({ tid: "0badc0de-0000-4000-8000-000000000000" }),
    },
    {
      when: "it is signed with a key its tenant does not publish",
      claims: () => ({}),
      key: "authority" as const,
    },
  ])("$when", async ({ claims, key }) => {
    const { landed, client, config } = await signIn(provider("common"), () =>
      ms.answer(TENANT_A, claims(), key),
    );
    expect(landed).toBe("/auth/error?error=Configuration");
    expect(await sessionOf(client)).toBeNull();
    expect(config.recorded.errors.map((error) => error.name)).toEqual(["CallbackRouteError"]);
    // A tid that is not a tenant id never becomes part of a request.
    expect(ms.requests.some((path) => path.includes("contoso") || path.includes(".."))).toBe(false);
  });
});

describe("the issuer a discovery document names", () => {
  it("is a single tenant's own, and that tenant's users sign in", async () => {
    const { landed } = await signIn(provider(TENANT_A), () => ms.answer(TENANT_A));
    expect(landed).toBe("/dashboard");
  });

  it.each([
    {
      case: "a single tenant's document names the {tenantid} template",
      segment: TENANT_A,
      named: "{tenantid}",
    },
    { case: "a single tenant's document names another tenant", segment: TENANT_A, named: TENANT_B },
    { case: "/common's document names the template on another host", segment: "common", named: "elsewhere" },
    { case: "/common's document names a tenant", segment: "common", named: TENANT_A },
  ])("must match exactly when $case", async ({ segment, named }) => {
    const issuer =
      named === "elsewhere" ? "https://login.example.test/{tenantid}/v2.0" : `${ms.url}/${named}/v2.0`;
    ms.namedIssuer.set(segment, issuer);
    const { landed, config } = await signIn(provider(segment), () => ms.answer(TENANT_A));
    expect(landed).toBe("/auth/signin?error=Configuration");
    expect(config.recorded.errors.map((error) => error.name)).toEqual(["OAuthSignInError"]);
  });

  it("may be the {tenantid} template only for Microsoft's providers", async () => {
    const generic = OAuth({
      id: "generic",
      name: "Generic OpenID Connect",
      type: "oidc",
      issuer: `${ms.url}/common/v2.0`,
      clientId: CLIENT_ID,
      clientSecret: "entra-secret",
    });
    const { landed } = await signIn(generic, () => ms.answer(TENANT_A));
    expect(landed).toBe("/auth/signin?error=Configuration");
  });
});

describe("the cache of tenant documents", () => {
  it(`keeps the ${TENANT_CACHE_LIMIT} tenants fetched last, apart from the configured issuers`, async () => {
    const hits = new Map<string, number>();
    const app = await serve(async (request) => {
      const segment = new URL(request.url).pathname.split("/")[1]!;
      hits.set(segment, (hits.get(segment) ?? 0) + 1);
      const issuer = `${app.url}/${segment}/v2.0`;
      return Response.json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        jwks_uri: `${issuer}/keys`,
      });
    });
    try {
      const issuer = (segment: string) => `${app.url}/${segment}/v2.0`;
      const tenants = Array.from(
        { length: TENANT_CACHE_LIMIT + 1 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      );
      const now = Date.now();
      await discover({ issuer: issuer("configured") }, "entra", now, 5_000);
      for (const tenant of tenants) await discoverTenant(issuer(tenant), "entra", now, 5_000);
      await discoverTenant(issuer(tenants[1]!), "entra", now, 5_000);
      expect(hits.get(tenants[1]!)).toBe(1);
      // The first tenant was pushed out by the last one, and is fetched again.
      await discoverTenant(issuer(tenants[0]!), "entra", now, 5_000);
      expect(hits.get(tenants[0]!)).toBe(2);
      // However many tenants sign in, the configured issuer's document stays.
      await discover({ issuer: issuer("configured") }, "entra", now, 5_000);
      expect(hits.get("configured")).toBe(1);
    } finally {
      await app.close();
    }
  });
});
