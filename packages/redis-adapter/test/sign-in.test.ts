/**
 * Email sign-in end to end on the Redis adapter: the link comes through a real SMTP server, the
 * database session lives in Redis with its expiry, and signing out removes it.
 */
import { type RunningRedis, type SmtpSink, startRedis, startSmtpSink } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, follow, mailedLink, ORIGIN, PREFIX } from "./email-app";

let server: RunningRedis;
let sink: SmtpSink;
let client: Redis;

beforeAll(async () => {
  [server, sink] = await Promise.all([startRedis(), startSmtpSink()]);
  client = new Redis(server.url);
});
afterAll(async () => {
  client?.disconnect();
  await Promise.all([server?.stop(), sink?.stop()]);
});

const DAY = 86_400_000;

describe("email sign-in with database sessions in Redis", () => {
  it("signs in: the cookie names a session hash in Redis that expires with the session", async () => {
    const app = emailApp(client, sink);
    const browser = app.browser();
    const link = await mailedLink(browser, sink, "ada@example.test");
    const response = await follow(browser, link);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);

    const token = browser.jar.get("authjs.session-token") ?? "";
    const key = `${PREFIX}session:${token}`;
    expect(await client.exists(key)).toBe(1);
    // Thirty days, the default maxAge, give or take the test's own duration.
    expect(await client.pttl(key)).toBeGreaterThan(30 * DAY - 60_000);
    const session = (await browser.session()) as { user: { email: string } };
    expect(session.user.email).toBe("ada@example.test");
    expect(app.errors).toEqual([]);
  });

  it("a link works once: the second visit is refused and makes no session", async () => {
    const app = emailApp(client, sink);
    const first = app.browser();
    const link = await mailedLink(first, sink, "once@example.test");
    expect((await follow(first, link)).headers.get("location")).toBe(`${ORIGIN}/dashboard`);
    const second = app.browser();
    const replay = await follow(second, link);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toContain("error=Verification");
    expect(second.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("signing out deletes the session from Redis", async () => {
    const app = emailApp(client, sink);
    const browser = app.browser();
    await follow(browser, await mailedLink(browser, sink, "bye@example.test"));
    const token = browser.jar.get("authjs.session-token") ?? "";
    expect(await client.exists(`${PREFIX}session:${token}`)).toBe(1);
    const csrfToken = await browser.csrfToken();
    expect((await browser.post("/auth/signout", { form: { csrfToken } })).status).toBe(302);
    expect(await client.exists(`${PREFIX}session:${token}`)).toBe(0);
    expect(await browser.session()).toBeNull();
  });

  it("session control: a user lists both browsers' sessions and ends the other one, in Redis", async () => {
    const app = emailApp(client, sink);
    const [laptop, phone] = [app.browser(), app.browser()];
    for (const browser of [laptop, phone]) {
      await follow(browser, await mailedLink(browser, sink, "two@example.test"));
    }
    const phoneToken = phone.jar.get("authjs.session-token") ?? "";
    expect(await client.exists(`${PREFIX}session:${phoneToken}`)).toBe(1);
    const listed = (await (await laptop.get("/auth/sessions")).json()) as { current: boolean }[];
    expect(listed.map((s) => s.current).sort()).toEqual([false, true]);

    const csrfToken = await laptop.csrfToken();
    const revoked = await laptop.post("/auth/sessions/revoke-others", { form: { csrfToken } });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ revoked: 1 });
    expect(await phone.session()).toBeNull();
    expect(((await laptop.session()) as { user: { email: string } }).user.email).toBe("two@example.test");
    expect(await client.exists(`${PREFIX}session:${phoneToken}`)).toBe(0);
  });
});

describe('JWT sessions made revocable with store: "adapter" on Redis', () => {
  it("each JWT session is registered in Redis, and revoking it there signs the browser out", async () => {
    const app = emailApp(client, sink, { strategy: "jwt", store: "adapter", revalidateAfter: 0 });
    const [laptop, phone] = [app.browser(), app.browser()];
    for (const browser of [laptop, phone]) {
      await follow(browser, await mailedLink(browser, sink, "jwt@example.test"));
    }
    const user = await client.get(`${PREFIX}user-by-email:jwt@example.test`);
    expect(await client.zcard(`${PREFIX}user-sessions:${user}`)).toBe(2);

    const csrfToken = await laptop.csrfToken();
    const revoked = await laptop.post("/auth/sessions/revoke-others", { form: { csrfToken } });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    expect(await phone.session()).toBeNull();
    expect(((await laptop.session()) as { user: { email: string } }).user.email).toBe("jwt@example.test");
    expect(await client.zcard(`${PREFIX}user-sessions:${user}`)).toBe(1);
  });
});
