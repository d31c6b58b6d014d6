/**
 * An OAuth 1.0a provider (Twitter `version: "1.0A"`) that is down is told apart from a wrong
 * configuration exactly as an OAuth 2 provider is: an HTTP 5xx, no answer in time or an answer
 * over 1 MiB from the request token, access token or profile endpoint ends the sign-in with
 * `OAuthProviderUnavailable` ("the sign-in provider could not be reached"), stores nothing, and
 * logs the provider, the endpoint and the cause. A 4xx still points at the configuration.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { location, startSignIn } from "../oauth/helpers";
import { twitterApp } from "./helpers";

type Mode = "ok" | "401" | "503" | "huge" | "hang";
const modes: Record<string, Mode> = { request: "ok", access: "ok", user: "ok" };
let server: Server;
let base: string;

function misbehave(mode: Mode, res: ServerResponse): boolean {
  if (mode === "401") {
    res.writeHead(401).end("Could not authenticate you.");
    return true;
  }
  if (mode === "503") {
    res.writeHead(503).end("down for maintenance");
    return true;
  }
  if (mode === "huge") {
    // 2 MiB of a well-formed form body: twice what Portcullis promises to read.
    res.writeHead(200, { "content-type": "application/x-www-form-urlencoded" });
    res.end(`oauth_token=t&oauth_token_secret=s&pad=${"a".repeat(2 * 1024 * 1024)}`);
    return true;
  }
  if (mode === "hang") return true; // never answers
  return false;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname === "/oauth/request_token") {
      if (misbehave(modes.request!, res)) return;
      return res.writeHead(200).end("oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=true");
    }
    if (url.pathname === "/oauth/access_token") {
      if (misbehave(modes.access!, res)) return;
      return res.writeHead(200).end("oauth_token=at&oauth_token_secret=as");
    }
    if (url.pathname === "/1.1/account/verify_credentials.json") {
      if (misbehave(modes.user!, res)) return;
      return res.writeHead(200).end(JSON.stringify({ id: 7, id_str: "7", name: "T", screen_name: "t" }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

function setup() {
  return twitterApp(base, { config: { timeouts: { http: 500 } } });
}

const UNAVAILABLE = "http://localhost:3000/auth/signin?error=OAuthProviderUnavailable";

/** What the log says about each misbehaviour, after "failed: ". */
const CAUSES: Record<Exclude<Mode, "ok" | "401">, string> = {
  "503": "HTTP 503",
  huge: "ProviderAnswerTooLarge: the answer from",
  hang: "no answer in time",
};

/** How the log names the callback's request to an endpoint (origin and path, no query). */
function callbackRequest(step: "access" | "user"): string {
  return step === "access"
    ? `access token request to ${base}/oauth/access_token`
    : `profile request to ${base}/1.1/account/verify_credentials.json`;
}

function logged(config: { recorded: { errors: Error[] } }): string {
  return config.recorded.errors.map((e) => `${e.name}: ${e.message}`).join("\n");
}

describe("OAuth 1.0a: a provider that is down is OAuthProviderUnavailable, not Configuration", () => {
  it.each([
    ["answers 503", "503"],
    ["answers more than 1 MiB", "huge"],
    ["never answers (time-out)", "hang"],
  ] as const)("request token endpoint %s", async (_, mode) => {
    Object.assign(modes, { request: mode, access: "ok", user: "ok" });
    const { client, config } = setup();
    const res = await startSignIn(client, "twitter");
    expect(location(res).href).toBe(UNAVAILABLE);
    expect(logged(config)).toContain(
      `OAuthProviderUnavailable: OAuth provider "twitter": the request token request to ${base}/oauth/request_token failed: ${CAUSES[mode]}`,
    );
  });

  it.each([
    ["access token endpoint answers 503", "access", "503"],
    ["access token endpoint answers more than 1 MiB", "access", "huge"],
    ["access token endpoint never answers", "access", "hang"],
    ["profile endpoint answers 503", "user", "503"],
    ["profile endpoint answers more than 1 MiB", "user", "huge"],
  ] as const)("callback: %s", async (_, step, mode) => {
    Object.assign(modes, { request: "ok", access: "ok", user: "ok" }, { [step]: mode });
    const { client, adapter, config } = setup();
    location(await startSignIn(client, "twitter"));
    const res = await client.get("/auth/callback/twitter?oauth_token=rt&oauth_verifier=v");
    expect(location(res).href).toBe(UNAVAILABLE);
    expect(await adapter.getAccount!("7", "twitter")).toBeNull();
    expect(logged(config)).toContain(
      `OAuthProviderUnavailable: OAuth provider "twitter": the ${callbackRequest(step)} failed: ${CAUSES[mode]}`,
    );
  });

  it("still blames the configuration for a 4xx, with the status in the log and no body", async () => {
    Object.assign(modes, { request: "ok", access: "401", user: "ok" });
    const { client, adapter, config } = setup();
    location(await startSignIn(client, "twitter"));
    const res = await client.get("/auth/callback/twitter?oauth_token=rt&oauth_verifier=v");
    expect(location(res).href).toBe("http://localhost:3000/auth/error?error=Configuration");
    expect(await adapter.getAccount!("7", "twitter")).toBeNull();
    expect(logged(config)).toContain(
      `CallbackRouteError: OAuth provider "twitter": the access token request to ${base}/oauth/access_token failed: HTTP 401`,
    );
    expect(logged(config)).not.toContain("Could not authenticate you");
  });
});
