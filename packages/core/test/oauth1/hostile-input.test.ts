/**
 * Hostile input to the OAuth 1.0a flow ends in a defined redirect, never a 5xx: a callback's
 * verifier is sent percent-encoded and cannot break the signed Authorization header; a profile
 * that is not a usable JSON object and a request token answer that is incomplete or unconfirmed
 * store nothing, and the log never holds a token secret.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { location, startSignIn } from "../oauth/helpers";
import { twitterApp } from "./helpers";

let requestAnswer = "oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=true";
let profileAnswer = JSON.stringify({ id: 7, id_str: "7", name: "T", screen_name: "t" });
const verifiers: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname === "/oauth/request_token") return res.writeHead(200).end(requestAnswer);
    if (url.pathname === "/oauth/access_token") {
      const m = /oauth_verifier="([^"]*)"/.exec(req.headers.authorization ?? "");
      verifiers.push(decodeURIComponent(m?.[1] ?? ""));
      return res.writeHead(200).end("oauth_token=at&oauth_token_secret=as");
    }
    if (url.pathname === "/1.1/account/verify_credentials.json") return res.writeHead(200).end(profileAnswer);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function setup() {
  return twitterApp(base);
}

describe("OAuth 1.0a hostile input", () => {
  it.each([
    ["%FF", "%FF"],
    ["lone surrogate", "%ED%A0%80"],
    ["CRLF and quotes", "a%0D%0Ab%22c"],
  ])("a verifier with %s is sent encoded, never breaks the header", async (_, v) => {
    requestAnswer = "oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=true";
    profileAnswer = JSON.stringify({ id: 7, id_str: "7", name: "T", screen_name: "t" });
    const { client } = setup();
    location(await startSignIn(client, "twitter"));
    const res = await client.get(`/auth/callback/twitter?oauth_token=rt&oauth_verifier=${v}`);
    expect(res.status).toBe(302);
  });

  it.each([
    ["null", "null"],
    ["an array", "[1,2]"],
    ["no id", JSON.stringify({ name: "x" })],
    ["an object id", JSON.stringify({ id_str: { a: 1 }, name: "x" })],
    ["a non-string image", JSON.stringify({ id_str: "7", profile_image_url_https: 5 })],
    ["not JSON", "<html>"],
  ])("a profile that is %s ends in a redirect, nothing stored", async (_, answer) => {
    requestAnswer = "oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=true";
    profileAnswer = answer;
    const { client, adapter, config } = setup();
    location(await startSignIn(client, "twitter"));
    const res = await client.get("/auth/callback/twitter?oauth_token=rt&oauth_verifier=v");
    expect(location(res).pathname).toMatch(/\/auth\/(error|signin)$/);
    expect(await adapter.getUser!("7")).toBeNull();
    expect(
      JSON.stringify(config.recorded.errors.map((e) => `${e.message} ${String(e.cause ?? "")}`)),
    ).not.toMatch(/oauth_token_secret=|"as"|"rs"/);
  });

  it.each([
    ["unconfirmed callback", "oauth_token=rt&oauth_token_secret=rs"],
    ["no secret", "oauth_token=rt&oauth_callback_confirmed=true"],
    ["garbage", "%%%&&&=="],
  ])("a request token answer with %s returns to the sign-in page", async (_, answer) => {
    requestAnswer = answer;
    const { client } = setup();
    const res = await startSignIn(client, "twitter");
    expect(location(res).pathname).toBe("/auth/signin");
  });
});
