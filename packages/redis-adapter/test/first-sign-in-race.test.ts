/**
 * Two server processes on one Redis finish the first sign-in of the same identity-provider
 * account at the same moment (two tabs, a double-submitted callback, a phone and a laptop). The
 * account is unique in the adapter, as under a database's unique key: one process creates the
 * user with its account in one script, the other is refused and signs in as that user. Once,
 * `linkAccount` moved the account to the second user, leaving two users and the first browser
 * signed in as one that owned nothing.
 *
 * The interleaving is forced with a barrier in getUserByAccount (both lookups answer "unknown"
 * before either creates), which is what two processes racing in production do.
 */

import { Auth, type AuthConfig } from "@portcullis/core";
import type { Adapter } from "@portcullis/core/adapters";
import OAuth from "@portcullis/core/providers/oauth";
import { RedisAdapter } from "@portcullis/redis-adapter";
import {
  type RunningRedis,
  startOpenIdProvider,
  startRedis,
  TestClient,
  type TestOpenIdProvider,
} from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PREFIX = "race:";
const ORIGIN = "http://localhost:3000";
let server: RunningRedis;
let idp: TestOpenIdProvider;
const clients: Redis[] = [];

beforeAll(async () => {
  [server, idp] = await Promise.all([
    startRedis(),
    startOpenIdProvider({
      clients: [
        {
          client_id: "race",
          client_secret: "race-secret",
          redirect_uris: [`${ORIGIN}/auth/callback/idp`],
        },
      ],
      // An account the provider releases no email for (no email scope asked): nothing else
      // (a unique email) stops a second user.
      accounts: [{ sub: "dana", name: "Dana" }],
    }),
  ]);
}, 60_000);
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await Promise.all([server?.stop(), idp?.stop()]);
});

function connect(): Redis {
  const client = new Redis(server.url);
  clients.push(client);
  return client;
}

/** Resolves for every party once `parties` have called it. */
function barrier(parties: number) {
  let waiting = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => {
    release = resolve;
  });
  return async () => {
    if (++waiting === parties) release();
    await all;
  };
}

/** What the processes logged and which events they fired. */
interface Recorded {
  errors: unknown[];
  events: string[];
}

/** One "process": its own ioredis client and adapter, sharing the Redis. */
function engine(wait: () => Promise<void>, recorded: Recorded): AuthConfig {
  const adapter = RedisAdapter(connect(), { prefix: PREFIX });
  const racing: Adapter = {
    ...adapter,
    getUserByAccount: async (key) => {
      const found = await adapter.getUserByAccount!(key);
      await wait();
      return found;
    },
  };
  const record = (name: string) => () => void recorded.events.push(name);
  return {
    secret: "test-secret-with-at-least-thirty-two-chars",
    trustHost: true,
    adapter: racing,
    session: { strategy: "database" },
    logger: { error: (error) => recorded.errors.push(error), warn: () => {}, debug: () => {} },
    events: { createUser: record("createUser"), linkAccount: record("linkAccount") },
    providers: [
      OAuth({
        id: "idp",
        name: "Test IdP",
        type: "oidc",
        issuer: idp.issuer,
        clientId: "race",
        clientSecret: "race-secret",
        authorization: { params: { scope: "openid profile" } },
      }),
    ],
  };
}

describe("Redis adapter: two first sign-ins of one account at once make one user, and both sign in as it", () => {
  it("one process creates the user with the account, the other signs in as that user", async () => {
    const recorded: Recorded = { errors: [], events: [] };
    const wait = barrier(2);
    const configs = [engine(wait, recorded), engine(wait, recorded)];
    const browsers = configs.map((cfg) => new TestClient((request) => Auth(request, cfg), ORIGIN));
    // Each browser starts its own sign-in and comes back from the provider with its own code.
    const callbacks: string[] = [];
    for (const browser of browsers) {
      const started = await browser.post("/auth/signin/idp", {
        form: { csrfToken: await browser.csrfToken(), callbackUrl: "/" },
      });
      idp.nextLogin({ sub: "dana" });
      const outcome = await idp.authorize(started.headers.get("location")!);
      if (outcome.kind !== "redirect") throw new Error("expected a redirect back from the provider");
      callbacks.push(outcome.url);
    }
    // The two callbacks reach the two processes together.
    const answers = await Promise.all(browsers.map((browser, i) => browser.get(callbacks[i]!)));
    for (const answer of answers) expect(answer.headers.get("location")).toBe(`${ORIGIN}/`);

    const check = RedisAdapter(connect(), { prefix: PREFIX });
    expect(await clients[0]!.keys(`${PREFIX}user:*`)).toHaveLength(1);
    const owner = await check.getUserByAccount!({ provider: "idp", providerAccountId: "dana" });
    const signedInAs = await Promise.all(
      browsers.map(async (browser) => {
        const found = await check.getSessionAndUser!(browser.jar.get("authjs.session-token") ?? "");
        return found?.user.id;
      }),
    );
    expect(signedInAs).toEqual([owner?.id, owner?.id]);
    expect(recorded.events.sort()).toEqual(["createUser", "linkAccount"]);
    expect(recorded.errors).toEqual([]);
  });
});
