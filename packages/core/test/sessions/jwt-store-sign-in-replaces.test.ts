/**
 * Revocable JWT sessions (`session.store`) and a new sign-in in a browser that holds a session:
 * the session its cookie carried is removed from the store, as the database strategy deletes the
 * replaced row. Otherwise a kept copy of the old cookie would go on working until it expires, and
 * its user's session list would show, as live, a session no browser of theirs holds. A store that
 * fails to remove it does not stop the sign-in (logged). A sign-in whose `jwt` callback refuses
 * the session (answers null, or throws) leaves no session in the store either: no cookie carries
 * it, and listed it would read as a device signed in.
 */
import { Auth, type AuthConfig, memorySessionStore, type SessionStore } from "@portcullis/core";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { browser, clock, control, controlConfig, listOf, whoIs } from "./helpers";

const COOKIE = "authjs.session-token";

function setup(store: SessionStore = memorySessionStore(), logger?: AuthConfig["logger"]) {
  const time = clock();
  const config = controlConfig({
    now: time.now,
    session: { strategy: "jwt", store, revalidateAfter: 60 },
    ...(logger && { logger }),
  });
  return { config, time };
}

async function signInAgain(client: Awaited<ReturnType<typeof browser>>, user: string) {
  const csrfToken = await client.csrfToken();
  const response = await client.post("/auth/callback/credentials", {
    form: { csrfToken, username: user, password: "pw" },
  });
  expect(response.status).toBe(302);
}

describe("a new sign-in ends the revocable JWT session its cookie replaces", () => {
  it("a kept copy of the replaced cookie stops working at its next store check", async () => {
    const { config, time } = setup();
    const shared = await browser(config, "alice");
    const aliceCookie = shared.jar.get(COOKIE)!;
    // Bob signs in on the same (shared) computer; Alice's cookie is replaced.
    await signInAgain(shared, "bob");
    expect(await whoIs(shared)).toBe("Bob");

    time.advance(61);
    const replay = await browser(config, "bob");
    replay.jar.set(COOKIE, aliceCookie);
    expect(await whoIs(replay)).toBeNull();
  });

  it("the replaced session is no longer listed among its user's sessions, nor revoked as one", async () => {
    const { config } = setup();
    const shared = await browser(config, "alice");
    await signInAgain(shared, "bob");
    const laptop = await browser(config, "alice");
    const sessions = await listOf(laptop);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);
    expect(await (await control(laptop, "revoke-others")).json()).toEqual({ revoked: 0 });
  });

  it("signs in all the same when the store cannot remove the replaced session, and logs it", async () => {
    const inner = memorySessionStore();
    const store: SessionStore = {
      ...inner,
      delete: () => Promise.reject(new Error("store down for deletes")),
    };
    const errors: unknown[] = [];
    const { config } = setup(store, { error: (error) => errors.push(error), warn: () => {} });
    const shared = await browser(config, "alice");
    await signInAgain(shared, "bob");
    expect(await whoIs(shared)).toBe("Bob");
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["JWTSessionError"]);
  });
});

describe("a sign-in the jwt callback refuses", () => {
  it.each([
    ["answers null", () => null],
    [
      "throws",
      () => {
        throw new Error("no role for this user");
      },
    ],
  ])("leaves no session of the user in the store when the callback %s", async (_name, refuse) => {
    const store = memorySessionStore();
    const config = controlConfig({
      session: { strategy: "jwt", store },
      callbacks: { jwt: ({ token, trigger }) => (trigger === "signIn" ? refuse() : token) },
    });
    const client = new TestClient((request) => Auth(request, config));
    const csrfToken = await client.csrfToken();
    await client.post("/auth/callback/credentials", {
      form: { csrfToken, username: "bob", password: "pw" },
    });
    expect(client.jar.get(COOKIE)).toBeUndefined();
    expect(await store.listByUser("u-bob")).toEqual([]);
  });
});
