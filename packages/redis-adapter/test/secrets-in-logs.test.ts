/**
 * A Redis outage must not print visitors' session tokens into the error log. The Redis
 * adapter names the key in its error messages, and the session key holds the raw session token
 * (the cookie's value, a bearer credential for database sessions); the core's default logger
 * prints the whole cause chain.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import type { Adapter } from "@portcullis/core/adapters";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let server: RunningRedis;
let client: Redis;

beforeAll(async () => {
  server = await startRedis();
  client = new Redis(server.url, { maxRetriesPerRequest: 1, commandTimeout: 300 });
  client.on("error", () => {});
});
afterAll(async () => {
  client?.disconnect();
  await server?.stop();
});

/** Every message of an error and its causes, as the default logger prints them. */
function chain(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) parts.push(e.message);
  return parts.join("\n");
}

// A session token as the core makes them: the cookie of a signed-in user.
const TOKEN = "4f1c2b0e-5d1a-4c3e-9a7b-secret-session-token";

describe("RedisAdapter errors while Redis is down", () => {
  it("getSessionAndUser's error does not carry the session token", async () => {
    const db = RedisAdapter(client, { prefix: "rt:" }) as Required<Adapter>;
    await server.halt();
    try {
      const failure = await Promise.resolve(db.getSessionAndUser(TOKEN)).then(
        () => new Error("resolved"),
        (error: unknown) => error,
      );
      expect(chain(failure)).toContain("getSessionAndUser");
      expect(chain(failure)).not.toContain(TOKEN);
    } finally {
      await server.resume();
    }
  });

  it("the default logger does not print the cookie's session token when a session read fails", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
    const config: AuthConfig = {
      secret: "redis-adapter-test-secret-with-32-characters-or-more",
      trustHost: true,
      adapter: RedisAdapter(client, { prefix: "rt2:" }),
      session: { strategy: "database" },
      providers: [Nodemailer({ server: "smtp://127.0.0.1:1", from: "a@example.test" })],
    };
    await server.halt();
    try {
      const response = await Auth(
        new Request("http://localhost:3000/auth/session", {
          headers: { cookie: `authjs.session-token=${TOKEN}` },
        }),
        config,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
    } finally {
      spy.mockRestore();
      await server.resume();
    }
    // The failure is logged (an operator must see it) ...
    expect(lines.join("\n")).toContain("getSessionAndUser");
    // ... but never with the token that would let a log reader use the session.
    expect(lines.join("\n")).not.toContain(TOKEN);
  });
});
