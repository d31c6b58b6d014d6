/**
 * Database sessions: the session cookie carries the token the core generated, never the one
 * `createSession` answers, and an answer naming another token or another user refuses the sign-in
 * as an adapter fault (`Configuration`, an AdapterError naming the method). An adapter that
 * inserts, then reads back "the newest session" (MySQL has no RETURNING) races with every
 * concurrent sign-in, and would otherwise hand Bob, who typed his own password, Alice's live
 * session. The answered row is not deleted (it may be that other user's session). An adapter that
 * answers the row it stored, as Auth.js's do, signs in as before.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import type { Adapter, AdapterSession } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { controlConfig, USERS, whoIs } from "./helpers";

const COOKIE = "authjs.session-token";

/** What a createSession may answer for Bob's new session, given every row created so far. */
const ANSWERS: Array<[string, (asked: AdapterSession, created: AdapterSession[]) => AdapterSession]> = [
  // "Insert, then read back the newest session": Alice's sign-in, a moment earlier, won the race.
  ["Alice's session row", (_asked, created) => created[0]!],
  ["Bob's token with Alice as the user", (asked, created) => ({ ...asked, userId: created[0]!.userId })],
];

/** The memory adapter with the two users, createSession answering `answer` for Bob's sessions. */
async function adapterAnswering(
  answer: (asked: AdapterSession, created: AdapterSession[]) => AdapterSession | undefined,
): Promise<Adapter> {
  const adapter = MemoryAdapter();
  for (const user of Object.values(USERS)) await adapter.createUser!({ ...user, emailVerified: null });
  const created: AdapterSession[] = [];
  const createSession = adapter.createSession!.bind(adapter);
  adapter.createSession = async (session) => {
    const stored = await createSession(session);
    created.push(stored);
    return session.userId === USERS.bob!.id ? (answer(session, created) as AdapterSession) : stored;
  };
  return adapter;
}

function client(config: AuthConfig): TestClient {
  return new TestClient((request) => Auth(request, config), "http://localhost:3000");
}

async function signIn(browser: TestClient, user: string): Promise<Response> {
  const csrfToken = await browser.csrfToken();
  return browser.post("/auth/callback/credentials", { form: { csrfToken, username: user, password: "pw" } });
}

describe("a createSession answer about another session refuses the sign-in", () => {
  it.each(ANSWERS)("when it answers %s: Bob gets no session, Alice keeps hers", async (_case, answer) => {
    const errors: Error[] = [];
    const config = controlConfig({
      adapter: await adapterAnswering(answer),
      session: { strategy: "database" },
      logger: { error: (error) => void errors.push(error), warn: () => {} },
    });
    const alice = client(config);
    await signIn(alice, "alice");
    expect(await whoIs(alice)).toBe("Alice");

    const bob = client(config);
    const response = await signIn(bob, "bob");
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
    expect(bob.jar.get(COOKIE)).toBeUndefined();
    expect(await whoIs(bob)).toBeNull();
    expect(await whoIs(alice)).toBe("Alice");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(AdapterError);
    expect(errors[0]!.message).toMatch(/^The adapter's createSession answered .*; the sign-in was refused/);
    expect(errors[0]!.message).not.toContain(alice.jar.get(COOKIE)!);
  });
});

describe("the session cookie of a new database session", () => {
  it("carries the generated token when createSession answers the stored row, or no row at all", async () => {
    for (const answer of [(asked: AdapterSession) => ({ ...asked }), () => undefined]) {
      let generated = 0;
      const config = controlConfig({
        adapter: await adapterAnswering(answer),
        session: { strategy: "database", generateSessionToken: () => `generated-${++generated}` },
      });
      const bob = client(config);
      await signIn(bob, "bob");
      expect(bob.jar.get(COOKIE)).toBe("generated-1");
      expect(await whoIs(bob)).toBe("Bob");
    }
  });
});
