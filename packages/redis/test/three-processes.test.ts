/**
 * Three real server processes of one configuration behind a round-robin proxy, as a deployment
 * of many processes runs: users and magic-link tokens in PostgreSQL, database sessions and rate
 * limits in Redis. One browser's consecutive requests land on different processes, so every
 * check here holds only if the processes share their state through the stores, and keep working
 * through a Redis outage without a restart.
 *
 * The processes run `fixtures/cluster-server.ts` with tsx from the repository root, whose
 * tsconfig paths point `@portcullis/*` at this checkout's sources.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import {
  type RoundRobinProxy,
  type RunningDatabase,
  type RunningRedis,
  type SmtpSink,
  startPostgres,
  startRedis,
  startRoundRobinProxy,
  startSmtpSink,
  TestClient,
} from "@portcullis/testkit";
import { Redis } from "ioredis";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, stopProcess } from "../../testkit/src/system";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const SERVER = fileURLToPath(new URL("./fixtures/cluster-server.ts", import.meta.url));
const COOKIE = "authjs.session-token";
const SECRET = "three-processes-secret-at-least-32-characters";
const ALICE = "alice@example.test";

/** One server process and every line it printed. */
interface Instance {
  child: ChildProcess;
  pid: number;
  lines: string[];
}

let postgres: RunningDatabase;
let redisServer: RunningRedis;
let sink: SmtpSink;
let proxy: RoundRobinProxy;
let redis: Redis;
// biome-ignore lint/suspicious/noExplicitAny: the test reads the adapter's tables by name.
let db: Kysely<any>;
const instances: Instance[] = [];

/** Starts one server process on a free port and waits until it answers. */
async function startInstance(env: Record<string, string>): Promise<{ instance: Instance; origin: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => lines.push(...String(chunk).split("\n").filter(Boolean)));
  child.stderr?.on("data", (chunk: Buffer) => output.push(String(chunk)));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`A server exited: ${output.join("")}`);
    if (attempt > 600) throw new Error(`A server did not start: ${output.join("")}`);
    if (
      await fetch(`${origin}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { instance: { child, pid: child.pid!, lines }, origin };
}

beforeAll(async () => {
  [postgres, redisServer, sink] = await Promise.all([startPostgres(), startRedis(), startSmtpSink()]);
  db = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgres.url }) }),
  });
  await migrate(db);
  await SqlAdapter(db).createUser!({
    id: "u-alice",
    name: "Alice",
    email: "alice@example.test",
    emailVerified: null,
  });
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redisServer.url,
    SMTP_URL: sink.url,
    AUTH_SECRET: SECRET,
  };
  const started = await Promise.all([startInstance(env), startInstance(env), startInstance(env)]);
  instances.push(...started.map((s) => s.instance));
  proxy = await startRoundRobinProxy(started.map((s) => s.origin));
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((i) => stopProcess(i.child, "SIGTERM")));
  redis?.disconnect();
  await db?.destroy();
  await Promise.all([postgres?.stop(), redisServer?.stop(), sink?.stop()]);
});

/** A browser talking to the proxy. */
function browser(): TestClient {
  return new TestClient((request) => fetch(request, { redirect: "manual" }), proxy.origin);
}

const backendOf = (response: Response) => response.headers.get(proxy.backendHeader);

/** A credentials sign-in: the Location it answered and the process that handled the POST. */
async function signIn(client: TestClient, password = "pw") {
  const csrfToken = await client.csrfToken();
  const response = await client.post("/auth/callback/credentials", {
    form: { csrfToken, username: "alice", password },
  });
  expect(response.status).toBe(302);
  return { location: response.headers.get("location") ?? "", backend: backendOf(response) };
}

/**
 * Reads the session three times in a row, so each read reaches another process: the signed-in
 * address (or null) and status of each. With `keepCookie`, every read sends that session cookie,
 * even after an earlier read cleared it.
 */
async function readOnEveryProcess(client: TestClient, keepCookie?: string) {
  const answers: { email: string | null; status: number; backend: string | null }[] = [];
  for (let i = 0; i < 3; i++) {
    if (keepCookie) client.jar.set(COOKIE, keepCookie);
    const response = await client.get("/auth/session");
    const body = (await response.json()) as { user?: { email?: string } } | null;
    answers.push({ email: body?.user?.email ?? null, status: response.status, backend: backendOf(response) });
  }
  expect(new Set(answers.map((a) => a.backend)).size).toBe(3);
  return answers;
}

describe("three processes behind a round-robin proxy, sharing PostgreSQL and Redis", () => {
  it("a session made by one process is read by every process; it lives in Redis, not in SQL", async () => {
    const laptop = browser();
    expect((await signIn(laptop)).location).toBe(proxy.origin);
    const answers = await readOnEveryProcess(laptop);
    expect(answers.map((a) => [a.status, a.email])).toEqual(Array(3).fill([200, ALICE]));
    expect(await redis.exists(`portcullis:session:${laptop.jar.get(COOKIE)}`)).toBe(1);
    const { rows } = await sql<{ n: string }>`select count(*) as n from "Session"`.execute(db);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it("revoke-all through one process: every process refuses the revoked sessions on the next read", async () => {
    const laptop = browser();
    const phone = browser();
    await signIn(laptop);
    await signIn(phone);
    const token = laptop.jar.get(COOKIE)!;
    const csrfToken = await phone.csrfToken();
    const revoked = await phone.post("/auth/sessions/revoke-all", { form: { csrfToken } });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { revoked: number }).revoked).toBeGreaterThanOrEqual(2);
    const answers = await readOnEveryProcess(laptop, token);
    expect(answers.map((a) => [a.status, a.email])).toEqual(Array(3).fill([200, null]));
  });

  it("a magic link mailed by one process signs in through another", async () => {
    const carol = browser();
    const csrfToken = await carol.csrfToken();
    const requested = await carol.post("/auth/signin/nodemailer", {
      form: { csrfToken, email: "carol@example.test", callbackUrl: "/welcome" },
    });
    expect(requested.status).toBe(302);
    const mail = await sink.waitForMail("carol@example.test", 10_000);
    const link = new URL(mail.text.split("\n")[1]!);
    const followed = await carol.get(`${link.pathname}${link.search}`);
    expect(followed.headers.get("location")).toBe(`${proxy.origin}/welcome`);
    expect(backendOf(followed)).not.toBe(backendOf(requested));
    const answers = await readOnEveryProcess(carol);
    expect(answers.map((a) => a.email)).toEqual(Array(3).fill("carol@example.test"));
  });

  it("Redis halted: every process refuses (no 5xx), each warns once; after resume all serve again, none restarted", async () => {
    const laptop = browser();
    await signIn(laptop);
    const token = laptop.jar.get(COOKIE)!;
    const pids = instances.map((i) => i.pid);
    await redisServer.halt();
    try {
      const answers = await readOnEveryProcess(laptop, token);
      expect(answers.map((a) => [a.status, a.email])).toEqual(Array(3).fill([200, null]));
      const visitor = browser();
      for (let i = 0; i < 3; i++) {
        const { location } = await signIn(visitor);
        expect(location).toMatch(/\/auth\/signin\?error=(RateLimit|Session)StoreUnavailable$/);
      }
      expect(visitor.jar.get(COOKIE)).toBeUndefined();
    } finally {
      await redisServer.resume();
    }
    await vi.waitFor(
      async () => {
        const answers = await readOnEveryProcess(laptop, token);
        expect(answers.map((a) => a.email)).toEqual(Array(3).fill(ALICE));
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(instances.map((i) => [i.pid, i.child.exitCode])).toEqual(pids.map((pid) => [pid, null]));
    for (const { lines } of instances) {
      expect(lines.filter((l) => l === "warn session-store-unavailable")).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith("error "))).toEqual([]);
    }
  });

  it("credentials attempts are limited to max across all processes, not max per process", async () => {
    await redis.flushdb();
    const outcomes: string[] = [];
    const backends = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      const { location, backend } = await signIn(browser(), "wrong");
      backends.add(backend);
      outcomes.push(new URL(location).searchParams.get("code") ?? "");
    }
    expect(backends.size).toBe(3);
    expect(outcomes).toEqual(["credentials", "credentials", "credentials", ...Array(3).fill("rate_limited")]);
    const right = await signIn(browser());
    expect(new URL(right.location).searchParams.get("code")).toBe("rate_limited");
  });

  it("the users written to PostgreSQL are all there at the end", async () => {
    const users = await db.selectFrom("User").select(["id", "email"]).orderBy("email").execute();
    expect(users.map((u) => u.email)).toEqual(["alice@example.test", "carol@example.test"]);
    expect(users[0]!.id).toBe("u-alice");
  });
});
