/**
 * TikTok, VK ID and WeChat answer a failed token request with HTTP 200 and an error code of the
 * provider's choosing. The log line quotes it, control characters turned into spaces, so a
 * provider cannot write lines of its own into the server's log.
 */
import type { OAuth2Config } from "@portcullis/core";
import TikTok from "@portcullis/core/providers/tiktok";
import VK from "@portcullis/core/providers/vk";
import WeChat from "@portcullis/core/providers/wechat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, location, oauthConfig, startSignIn } from "./helpers";
import { type HostileIdp, json, startHostileIdp } from "./hostile-idp";

let idp: HostileIdp;
beforeAll(async () => {
  idp = await startHostileIdp();
});
afterAll(() => idp.stop());

const endpoints = (url: string) => ({
  clientId: "client",
  clientSecret: "secret",
  authorization: { url: `${url}/authorize` },
  token: { url: `${url}/token` },
  userinfo: { url: `${url}/userinfo` },
});

const vendors: Array<[string, (url: string) => OAuth2Config<never>, string]> = [
  ["tiktok", (url) => TikTok(endpoints(url)), "error"],
  ["vk", (url) => VK(endpoints(url)), "error"],
  ["wechat", (url) => WeChat(endpoints(url)), "errcode"],
];

describe("a vendor's error code in a token answer", () => {
  it.each(vendors)("%s: is logged quoted, on one line", async (id, make, field) => {
    idp.token = json({ [field]: "bad_code\nINFO forged log line" });
    const config = oauthConfig([make(idp.url)]);
    const client = browser(config);
    const state = location(await startSignIn(client, id)).searchParams.get("state") ?? "";
    const callback = new URLSearchParams({ code: "abc", state, device_id: "d1" });
    const landed = location(await client.get(`/auth/callback/${id}?${callback}`));
    expect(`${landed.pathname}${landed.search}`).toBe("/auth/signin?error=OAuthCallbackError");
    const logged = config.recorded.errors.map((error) => error.message).join("\n");
    expect(logged).toContain('token request failed: error "bad_code INFO forged log line"');
    expect(logged).not.toContain("\nINFO forged log line");
  });

  it.each(vendors)("%s: says the access token is missing when there is no code", async (id, make) => {
    idp.token = json({ token: "not-an-access-token" });
    const config = oauthConfig([make(idp.url)]);
    const client = browser(config);
    const state = location(await startSignIn(client, id)).searchParams.get("state") ?? "";
    await client.get(`/auth/callback/${id}?${new URLSearchParams({ code: "abc", state, device_id: "d1" })}`);
    expect(config.recorded.errors.map((error) => error.message).join("\n")).toContain(
      "token request failed: no access_token",
    );
  });
});
