/**
 * Provider options that change where the flow goes: GitLab's `baseUrl` (a self-managed
 * instance) and `idToken: false` (Salesforce: the profile from the userinfo endpoint), seen
 * through the sign-in redirect, the requests the provider receives and the signed-in user.
 */
import type { OAuth2Config } from "@portcullis/core";
import GitLab from "@portcullis/core/providers/gitlab";
import Salesforce, { type SalesforceProfile } from "@portcullis/core/providers/salesforce";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASIC,
  browser,
  location,
  oauthConfig,
  providerAnswer,
  sessionOf,
  signInThrough,
  startIdp,
  startSignIn,
} from "../oauth/helpers";
import { type StubApi, startApi } from "./helpers";

/** oauthConfig takes providers of any profile; these factories are typed with their own. */
function asProvider(provider: OAuth2Config<never>): OAuth2Config {
  return provider as unknown as OAuth2Config;
}

describe("GitLab baseUrl", () => {
  let gitlab: StubApi;
  beforeAll(async () => {
    // A self-managed GitLab served under a path, as behind a reverse proxy.
    gitlab = await startApi({
      "POST /gitlab/oauth/token": () => Response.json({ access_token: "gl-token", token_type: "bearer" }),
      "GET /gitlab/api/v4/user": () =>
        Response.json({ id: 7, username: "ada", name: "Ada", email: "ada@example.test", avatar_url: null }),
    });
  });
  afterAll(() => gitlab.close());

  it.each([
    ["https://gitlab.example.com", "https://gitlab.example.com/oauth/authorize"],
    ["https://gitlab.example.com/", "https://gitlab.example.com/oauth/authorize"],
    ["https://example.com/gitlab", "https://example.com/gitlab/oauth/authorize"],
  ])("sends the sign-in to the instance at %s", async (baseUrl, authorize) => {
    const config = oauthConfig([
      asProvider(GitLab({ baseUrl, clientId: "gl-id", clientSecret: "gl-secret" })),
    ]);
    const url = location(await startSignIn(browser(config), "gitlab"));
    expect(`${url.origin}${url.pathname}`).toBe(authorize);
    expect(url.searchParams.get("scope")).toBe("read_user");
  });

  it("exchanges the code and reads the user at the instance, not at gitlab.com", async () => {
    const baseUrl = `${gitlab.url}/gitlab`;
    const config = oauthConfig([
      asProvider(GitLab({ baseUrl, clientId: "gl-id", clientSecret: "gl-secret" })),
    ]);
    const client = browser(config);
    const started = location(await startSignIn(client, "gitlab"));
    const callback = await client.get(`/auth/callback/gitlab?code=gl-code`);
    expect(started.pathname).toBe("/gitlab/oauth/authorize");
    expect(location(callback).pathname).toBe("/dashboard");
    expect(gitlab.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /gitlab/oauth/token",
      "GET /gitlab/api/v4/user",
    ]);
    expect(await sessionOf(client)).toMatchObject({ user: { name: "Ada", email: "ada@example.test" } });
  });
});

describe("idToken: false (Salesforce)", () => {
  let idp: TestOpenIdProvider;
  let impostor: StubApi;
  beforeAll(async () => {
    idp = await startIdp({ ids: ["salesforce"] });
    // A userinfo endpoint that answers about someone else than the ID token's subject.
    impostor = await startApi({
      "GET /userinfo": () => Response.json({ sub: "mallory", email: "mallory@example.test" }),
      "GET /broken": () => new Response("down", { status: 500 }),
    });
  });
  afterAll(async () => {
    await idp.stop();
    await impostor.close();
  });

  /** Names the user after where the profile came from: ID token claims carry `aud`, userinfo does not. */
  function salesforce(overrides: Record<string, unknown> = {}) {
    return Salesforce({
      issuer: idp.issuer,
      clientId: BASIC.client_id,
      clientSecret: BASIC.client_secret,
      profile: (profile: SalesforceProfile) => ({
        id: profile.sub,
        name: "aud" in profile ? "from the ID token" : "from userinfo",
        email: profile.email ?? null,
      }),
      ...overrides,
    });
  }

  it("reads the profile from the userinfo endpoint by default", async () => {
    const config = oauthConfig([asProvider(salesforce())]);
    const client = browser(config);
    const response = await signInThrough(client, idp, { id: "salesforce" });
    expect(location(response).pathname).toBe("/dashboard");
    expect(await sessionOf(client)).toMatchObject({
      user: { name: "from userinfo", email: "alice@example.test" },
    });
  });

  it("reads the profile from the ID token with idToken: true", async () => {
    const config = oauthConfig([asProvider(salesforce({ idToken: true }))]);
    const client = browser(config);
    await signInThrough(client, idp, { id: "salesforce" });
    expect(await sessionOf(client)).toMatchObject({ user: { name: "from the ID token" } });
  });

  it.each([
    ["answers about another subject", "/userinfo", "/auth/error", "Configuration", "CallbackRouteError"],
    // An outage, not a misconfiguration: the sign-in page says the provider could not be reached.
    ["answers HTTP 500", "/broken", "/auth/signin", "OAuthProviderUnavailable", "OAuthProviderUnavailable"],
  ])(
    "refuses the sign-in when the userinfo endpoint %s, storing no session",
    async (_case, path, page, error, logged) => {
      const config = oauthConfig([asProvider(salesforce({ userinfo: `${impostor.url}${path}` }))]);
      const client = browser(config);
      const started = await startSignIn(client, "salesforce");
      const answer = await providerAnswer(idp, location(started));
      const response = await client.get(answer.url);
      const target = location(response);
      expect(target.pathname).toBe(page);
      expect(target.searchParams.get("error")).toBe(error);
      expect(await sessionOf(client)).toBeNull();
      expect(config.recorded.errors.map((e) => e.name)).toContain(logged);
      for (const error of config.recorded.errors) expect(String(error.message)).not.toContain("mallory@");
    },
  );
});
