import { InvalidConfiguration, OAuthCallbackError, OAuthProfileParseError } from "@portcullis/core/errors";
import Bitbucket from "@portcullis/core/providers/bitbucket";
import Dropbox from "@portcullis/core/providers/dropbox";
import GitHub from "@portcullis/core/providers/github";
import HubSpot from "@portcullis/core/providers/hubspot";
import Instagram from "@portcullis/core/providers/instagram";
import Notion from "@portcullis/core/providers/notion";
import Reddit from "@portcullis/core/providers/reddit";
import TikTok from "@portcullis/core/providers/tiktok";
import Twitch from "@portcullis/core/providers/twitch";
import VK from "@portcullis/core/providers/vk";
import type { OAuth2Config, TokenSet } from "@portcullis/core/types";
import { afterEach, describe, expect, it } from "vitest";
import { postToVendor } from "../../src/flows/email/vendor-api";
import { endpointOf, internalProvider, type Route, type StubApi, startApi } from "./helpers";
import { samples } from "./samples";

let api: StubApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const tokens: TokenSet = { access_token: "secret-access-token", token_type: "bearer" };

/** Runs a provider's custom userinfo request as the core would. */
async function requestUser(config: OAuth2Config<never>) {
  const { request } = endpointOf(config.userinfo);
  if (!request) throw new Error(`${config.id} has no custom userinfo request`);
  return request({ provider: internalProvider(config), tokens });
}

/** Runs a provider's custom token request with the callback's parameters, as the core would. */
async function requestToken(config: OAuth2Config<never>, callback: Record<string, string>) {
  const { request } = endpointOf(config.token);
  if (!request) throw new Error(`${config.id} has no custom token request`);
  const params = new URLSearchParams(callback);
  return request({ provider: internalProvider(config), params, checks: { code_verifier: "verifier-123" } });
}

/** Runs a provider's token response conformer. */
async function conform(config: OAuth2Config<never>, response: Response): Promise<Response | undefined> {
  const { conform: fix } = endpointOf(config.token);
  if (!fix) throw new Error(`${config.id} has no token conform`);
  return fix(response);
}

describe("Bitbucket's userinfo request", () => {
  it("adds the primary confirmed address from /user/emails", async () => {
    const { email: _, ...user } = samples.bitbucket;
    api = await startApi({
      "GET /2.0/user": () => Response.json(user),
      "GET /2.0/user/emails": () =>
        Response.json({
          values: [
            { email: "unconfirmed@example.com", is_primary: true, is_confirmed: false, type: "email" },
            { email: "ada@example.com", is_primary: true, is_confirmed: true, type: "email" },
          ],
        }),
    });
    const profile = await requestUser(Bitbucket({ userinfo: { url: `${api.url}/2.0/user` } }));
    expect(profile.email).toBe("ada@example.com");
    expect(api.received.every((r) => r.headers.get("authorization") === "Bearer secret-access-token")).toBe(
      true,
    );
  });

  it("leaves the email null when the consumer lacks the email permission", async () => {
    api = await startApi({
      "GET /2.0/user": () => Response.json(samples.bitbucket),
      "GET /2.0/user/emails": () => Response.json({ type: "error" }, { status: 403 }),
    });
    const profile = await requestUser(Bitbucket({ userinfo: { url: `${api.url}/2.0/user` } }));
    expect(profile.email).toBeNull();
  });
});

describe("Dropbox's userinfo request", () => {
  it("POSTs to the account endpoint with the bearer token", async () => {
    api = await startApi({ "POST /2/users/get_current_account": () => Response.json(samples.dropbox) });
    const profile = await requestUser(
      Dropbox({ userinfo: { url: `${api.url}/2/users/get_current_account` } }),
    );
    expect(profile.account_id).toBe(samples.dropbox.account_id);
    expect(api.received[0]?.headers.get("authorization")).toBe("Bearer secret-access-token");
  });
});

describe("HubSpot's userinfo request", () => {
  it("reads the metadata of the access token from the token's path", async () => {
    api = await startApi({
      "GET /oauth/v1/access-tokens/secret-access-token": () => Response.json(samples.hubspot),
    });
    const profile = await requestUser(HubSpot({ userinfo: { url: `${api.url}/oauth/v1/access-tokens` } }));
    expect(profile.user).toBe("ada@example.com");
    expect(api.received.map((r) => r.path)).toEqual(["/oauth/v1/access-tokens/secret-access-token"]);
  });
});

describe("Notion's userinfo request", () => {
  it("returns the person who owns the bot, sending the Notion-Version header", async () => {
    api = await startApi({
      "GET /v1/users/me": () =>
        Response.json({
          object: "user",
          id: "bot-id",
          type: "bot",
          bot: { owner: { type: "user", user: samples.notion }, workspace_name: "Ada's workspace" },
        }),
    });
    const profile = await requestUser(Notion({ userinfo: { url: `${api.url}/v1/users/me` } }));
    expect(profile).toEqual(samples.notion);
    expect(api.received[0]?.headers.get("notion-version")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("fails with OAuthProfileParseError when a workspace owns the token", async () => {
    api = await startApi({
      "GET /v1/users/me": () =>
        Response.json({ object: "user", id: "bot-id", type: "bot", bot: { owner: { type: "workspace" } } }),
    });
    const request = requestUser(Notion({ userinfo: { url: `${api.url}/v1/users/me` } }));
    await expect(request).rejects.toBeInstanceOf(OAuthProfileParseError);
  });
});

describe("Reddit's userinfo request", () => {
  it("sends a descriptive User-Agent, which Reddit requires", async () => {
    api = await startApi({ "GET /api/v1/me": () => Response.json(samples.reddit) });
    const profile = await requestUser(Reddit({ userinfo: { url: `${api.url}/api/v1/me` } }));
    expect(profile.name).toBe("ada_lovelace");
    expect(api.received[0]?.headers.get("user-agent")).toMatch(/^web:portcullis:/);
  });
});

describe("VK ID's requests", () => {
  it("exchanges the code with the device_id, verifier, client id and redirect URI", async () => {
    api = await startApi({
      "POST /oauth2/auth": () =>
        Response.json({
          access_token: "vk-access",
          refresh_token: "vk-refresh",
          id_token: "vk-id-token",
          token_type: "Bearer",
          expires_in: 3600,
          user_id: 1234567890,
          state: "state-1",
          scope: "vkid.personal_info email",
        }),
    });
    const config = VK({ clientId: "51234567", token: { url: `${api.url}/oauth2/auth` } });
    const result = await requestToken(config, { code: "code-1", state: "state-1", device_id: "device-1" });
    expect(result.access_token).toBe("vk-access");
    expect(Object.fromEntries(new URLSearchParams(api.received[0]?.body))).toEqual({
      grant_type: "authorization_code",
      code: "code-1",
      code_verifier: "verifier-123",
      device_id: "device-1",
      redirect_uri: "https://app.example/auth/callback/vk",
      client_id: "51234567",
      state: "state-1",
    });
  });

  it("fails with OAuthCallbackError when the callback has no device_id", async () => {
    const config = VK({ clientId: "51234567" });
    await expect(requestToken(config, { code: "code-1", state: "s" })).rejects.toBeInstanceOf(
      OAuthCallbackError,
    );
  });

  it("fails with OAuthCallbackError when VK ID answers the exchange with an error", async () => {
    api = await startApi({
      "POST /oauth2/auth": () =>
        Response.json({ error: "invalid_grant", error_description: "code is expired" }),
    });
    const config = VK({ clientId: "51234567", token: { url: `${api.url}/oauth2/auth` } });
    const failure = await requestToken(config, { code: "c", device_id: "d" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OAuthCallbackError);
    expect((failure as Error).message).toContain("invalid_grant");
  });

  it("reads the user with a form POST of the client id and access token", async () => {
    api = await startApi({ "POST /oauth2/user_info": () => Response.json({ user: samples.vk }) });
    const profile = await requestUser(
      VK({ clientId: "51234567", userinfo: { url: `${api.url}/oauth2/user_info` } }),
    );
    expect(profile).toEqual(samples.vk);
    expect(Object.fromEntries(new URLSearchParams(api.received[0]?.body))).toEqual({
      client_id: "51234567",
      access_token: "secret-access-token",
    });
  });
});

describe("TikTok's token request", () => {
  it("sends the client key under TikTok's name with the secret and redirect URI", async () => {
    api = await startApi({
      "POST /v2/oauth/token/": () =>
        Response.json({
          access_token: "act.example",
          expires_in: 86400,
          open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
          refresh_expires_in: 31536000,
          refresh_token: "rft.example",
          scope: "user.info.basic",
          token_type: "Bearer",
        }),
    });
    const config = TikTok({
      clientId: "awkey",
      clientSecret: "tiktok-secret",
      token: { url: `${api.url}/v2/oauth/token/` },
    });
    const result = await requestToken(config, { code: "code-1", state: "s" });
    expect(result.access_token).toBe("act.example");
    expect(Object.fromEntries(new URLSearchParams(api.received[0]?.body))).toEqual({
      client_key: "awkey",
      client_secret: "tiktok-secret",
      code: "code-1",
      grant_type: "authorization_code",
      redirect_uri: "https://app.example/auth/callback/tiktok",
    });
  });

  it("fails with OAuthCallbackError naming TikTok's error but not the secret", async () => {
    api = await startApi({
      "POST /v2/oauth/token/": () =>
        Response.json({
          error: "invalid_client",
          error_description: "Client key or secret is incorrect.",
          log_id: "x",
        }),
    });
    const config = TikTok({
      clientId: "awkey",
      clientSecret: "tiktok-secret",
      token: { url: `${api.url}/v2/oauth/token/` },
    });
    const failure = await requestToken(config, { code: "c" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OAuthCallbackError);
    expect((failure as Error).message).toContain("invalid_client");
    expect((failure as Error).message).not.toContain("tiktok-secret");
  });

  it("fails with InvalidConfiguration when no client secret is configured", async () => {
    await expect(requestToken(TikTok({ clientId: "awkey" }), { code: "c" })).rejects.toBeInstanceOf(
      InvalidConfiguration,
    );
  });
});

describe("Twitch's token response", () => {
  it("joins a scope list into a space-separated string", async () => {
    const body = {
      access_token: "a",
      refresh_token: "r",
      expires_in: 14400,
      scope: ["openid", "user:read:email"],
    };
    const fixed = await conform(Twitch(), Response.json(body));
    expect(await fixed?.json()).toEqual({ ...body, scope: "openid user:read:email" });
  });

  it("turns a Twitch error body into a standard OAuth error with the same status", async () => {
    const fixed = await conform(
      Twitch(),
      Response.json({ status: 400, message: "Invalid authorization code" }, { status: 400 }),
    );
    expect(fixed?.status).toBe(400);
    expect(await fixed?.json()).toEqual({
      error: "invalid_request",
      error_description: "Invalid authorization code",
    });
  });
});

describe("Instagram's token response", () => {
  it("unwraps the data list and adds the missing token_type", async () => {
    const wrapped = {
      data: [
        { access_token: "IGQVJ", user_id: "17841405793187218", permissions: "instagram_business_basic" },
      ],
    };
    const fixed = await conform(Instagram(), Response.json(wrapped));
    expect(await fixed?.json()).toEqual({
      token_type: "bearer",
      access_token: "IGQVJ",
      user_id: "17841405793187218",
      permissions: "instagram_business_basic",
    });
  });

  it("adds token_type to a bare token response", async () => {
    const fixed = await conform(Instagram(), Response.json({ access_token: "IGQVJ", user_id: 17841405 }));
    expect(await fixed?.json()).toEqual({ token_type: "bearer", access_token: "IGQVJ", user_id: 17841405 });
  });

  it("leaves an error response to the standard handling", async () => {
    const error = Response.json(
      { error_type: "OAuthException", code: 400, error_message: "Invalid code" },
      { status: 400 },
    );
    expect(await conform(Instagram(), error)).toBeUndefined();
  });
});

describe("refused answers under a fetch that keeps a copy of each answer", () => {
  // Next.js's patched fetch hands the app one branch of a tee and keeps the other for its cache.
  // It cannot run outside a Next.js server, so this wraps the real fetch the same way: waiting
  // for the app's branch to cancel would then hang, as the other branch is never read here.
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  function teeingFetch() {
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (!response.body) return response;
      const [forApp] = response.body.tee();
      return new Response(forApp, { status: response.status, headers: response.headers });
    };
  }

  interface RefusedCase {
    title: string;
    routes: Record<string, Route>;
    run: (url: string) => Promise<unknown>;
    /** The profile's fields, or what the call throws. */
    outcome: Record<string, unknown> | typeof OAuthCallbackError | RegExp;
  }

  it.each<RefusedCase>([
    {
      title: "GitHub without the user:email scope: no email",
      routes: {
        "GET /user": () => Response.json({ ...samples.github, email: null }),
        "GET /user/emails": () => Response.json({ message: "no scope" }, { status: 404 }),
      },
      run: (url: string) => requestUser(GitHub({ userinfo: { url: `${url}/user` } })),
      outcome: { email: null },
    },
    {
      title: "Bitbucket without the email permission: no email",
      routes: {
        "GET /2.0/user": () => Response.json(samples.bitbucket),
        "GET /2.0/user/emails": () => Response.json({ type: "error" }, { status: 403 }),
      },
      run: (url: string) => requestUser(Bitbucket({ userinfo: { url: `${url}/2.0/user` } })),
      outcome: { email: null },
    },
    {
      title: "Reddit refusing the user request: OAuthCallbackError",
      routes: { "GET /api/v1/me": () => Response.json({ error: 401 }, { status: 401 }) },
      run: (url: string) => requestUser(Reddit({ userinfo: { url: `${url}/api/v1/me` } })),
      outcome: OAuthCallbackError,
    },
    {
      title: "Resend refusing the email: an error naming the status",
      routes: { "POST /emails": () => Response.json({ message: "bad key" }, { status: 403 }) },
      run: (url: string) =>
        postToVendor("Resend", `${url}/emails`, { method: "POST", body: "{}" }).then(() => ({})),
      outcome: /HTTP 403/,
    },
  ])("$title", async ({ routes, run, outcome }) => {
    api = await startApi(routes);
    teeingFetch();
    const result = run(api.url);
    if (outcome === OAuthCallbackError || outcome instanceof RegExp)
      await expect(result).rejects.toThrow(outcome);
    else expect(await result).toMatchObject(outcome);
  });
});
