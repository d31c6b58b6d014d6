/**
 * A magic-link address holding an unpaired surrogate (`\ud800`, which a JSON body can carry; a
 * form body cannot) is no address: it is refused with `EmailSignin` and mails nothing, on every
 * adapter, instead of being mailed to another mailbox (UTF-8 turns it into U+FFFD on the wire),
 * stored as another string, or failing in the adapter.
 */
import type { Adapter } from "@portcullis/core";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, type SmtpSink, startRedis, startSmtpSink } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, ORIGIN } from "./helpers";

let sink: SmtpSink;
let redisServer: RunningRedis;
let redis: Redis;
beforeAll(async () => {
  [sink, redisServer] = await Promise.all([startSmtpSink(), startRedis()]);
  redis = new Redis(redisServer.url);
});
afterAll(async () => {
  redis.disconnect();
  await Promise.all([sink.stop(), redisServer.stop()]);
});

const ADDRESS = "ada\ud800@example.com";

describe("a magic-link address with a lone surrogate (JSON body)", () => {
  it.each([
    ["the memory adapter", (): Adapter | undefined => undefined],
    [
      "the Redis adapter",
      (): Adapter | undefined => RedisAdapter(redis, { prefix: `lone${crypto.randomUUID()}:` }),
    ],
  ] as const)("is refused with EmailSignin and mails nothing, on %s", async (_name, adapter) => {
    const app = emailApp(sink, { adapter: adapter() });
    const browser = app.browser();
    const csrfToken = await browser.csrfToken();
    const mailsBefore = sink.mails.length;
    const response = await browser.post("/auth/signin/nodemailer", {
      json: { csrfToken, email: ADDRESS, callbackUrl: "/dashboard" },
    });
    expect(response.status).toBe(302);
    const landed = new URL(response.headers.get("location") ?? "");
    expect(`${landed.origin}${landed.pathname}`).toBe(`${ORIGIN}/auth/signin`);
    expect(landed.searchParams.get("error")).toBe("EmailSignin");
    expect(sink.mails.length).toBe(mailsBefore);
    expect(app.errors.map((e) => e.name)).not.toContain("AdapterError");
  });
});
