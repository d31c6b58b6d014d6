/**
 * Session control over real HTTP: several "browsers" (cookie-keeping fetches) signed in as the same
 * user against a Portcullis server whose JWT sessions are registered in a session store, each
 * listing and revoking the others' sessions through the client.
 */
import {
  ClientFetchError,
  getSession,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  signIn,
  signOutEverywhere,
} from "@portcullis/client";
import { memorySessionStore } from "@portcullis/core";
import { type ServedApp, serve } from "@portcullis/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Browser, browser, type PortcullisApp, startPortcullis } from "./helpers";

let server: PortcullisApp;
let origin: string;

beforeAll(async () => {
  // revalidateAfter 0: every session read checks the store, so a revocation shows at the next read.
  server = await startPortcullis({
    session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 },
  });
  origin = server.app.url;
});
afterAll(() => server.app.close());

/** A new browser signed in as alice without navigating. */
async function aliceOn(): Promise<Browser> {
  const b = browser(origin);
  const result = await signIn("credentials", {
    ...b.options,
    username: "alice",
    password: "wonderland",
    redirect: false,
  });
  expect(result?.ok).toBe(true);
  return b;
}

/** The rejection of `promise`, which must be a ClientFetchError. */
async function failure(promise: Promise<unknown>): Promise<ClientFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientFetchError);
  return error as ClientFetchError;
}

describe("listing and revoking", () => {
  it("listSessions answers null when this browser is not signed in", async () => {
    expect(await listSessions(browser(origin).options)).toBeNull();
  });

  it("lists both browsers of the user, this one marked current, and revokes the other", async () => {
    const laptop = await aliceOn();
    const phone = await aliceOn();
    const sessions = (await listSessions(phone.options)) ?? [];
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.current)).toEqual([true, false]);
    for (const s of sessions) {
      expect(s.id).toEqual(expect.any(String));
      expect(Date.parse(s.expires)).toBeGreaterThan(Date.now());
    }
    const other = sessions.find((s) => !s.current);
    expect(await revokeSession(other?.id ?? "", phone.options)).toBe(true);
    expect(await getSession(laptop.options)).toBeNull();
    expect(await listSessions(laptop.options)).toBeNull();
    expect((await getSession(phone.options))?.user?.name).toBe("Alice");
    expect((await listSessions(phone.options))?.map((s) => s.current)).toEqual([true]);
  });

  it("revokeSession answers false for an id that names none of the user's sessions", async () => {
    const b = await aliceOn();
    expect(await revokeSession("not-a-session", b.options)).toBe(false);
    expect((await getSession(b.options))?.user?.name).toBe("Alice");
  });

  it("revoking this browser's own session signs it out here at once", async () => {
    const b = await aliceOn();
    const mine = (await listSessions(b.options))?.find((s) => s.current);
    expect(await revokeSession(mine?.id ?? "", b.options)).toBe(true);
    expect(b.jar.get("authjs.session-token")).toBeUndefined();
    expect(await getSession(b.options)).toBeNull();
  });

  it("revokeOtherSessions signs out the other browsers and keeps this one", async () => {
    const [first, second, here] = [await aliceOn(), await aliceOn(), await aliceOn()];
    const before = (await listSessions(here.options))?.length ?? 0;
    expect(await revokeOtherSessions(here.options)).toBe(before - 1);
    expect(await getSession(first.options)).toBeNull();
    expect(await getSession(second.options)).toBeNull();
    expect((await getSession(here.options))?.user?.name).toBe("Alice");
    expect(await revokeOtherSessions(here.options)).toBe(0);
  });

  it("revocations reject with status 401 when this browser is not signed in", async () => {
    const nobody = browser(origin);
    const error = await failure(revokeOtherSessions(nobody.options));
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      "revokeOtherSessions: POST /auth/sessions/revoke-others answered 401: this browser is not signed in",
    );
    expect((await failure(revokeSession("x", nobody.options))).status).toBe(401);
  });
});

describe("signOutEverywhere", () => {
  it("revokes every session of the user and answers the URL with redirect false", async () => {
    const elsewhere = await aliceOn();
    const here = await aliceOn();
    const count = (await listSessions(here.options))?.length ?? 0;
    const answer = await signOutEverywhere({ ...here.options, redirect: false, redirectTo: "/goodbye" });
    expect(answer).toEqual({ url: `${origin}/goodbye`, revoked: count });
    expect(here.visits).toEqual([]);
    expect(here.jar.get("authjs.session-token")).toBeUndefined();
    expect(await getSession(here.options)).toBeNull();
    expect(await getSession(elsewhere.options)).toBeNull();
  });

  it("navigates to the callbackUrl by default, as signOut does", async () => {
    const b = await aliceOn();
    expect(await signOutEverywhere({ ...b.options, callbackUrl: "/bye" })).toBeUndefined();
    expect(b.visits).toEqual([`${origin}/bye`]);
    expect(await getSession(b.options)).toBeNull();
  });

  it("leaves a redirectTo on another site to the server's redirect callback, which keeps the user on the app", async () => {
    const b = await aliceOn();
    await signOutEverywhere({ ...b.options, redirectTo: "https://evil.example/phish" });
    expect(b.visits).toEqual([`${origin}/`]);
  });

  it("rejects with status 401 and stays on the page when this browser is not signed in", async () => {
    const nobody = browser(origin);
    const error = await failure(signOutEverywhere(nobody.options));
    expect(error.status).toBe(401);
    expect(nobody.visits).toEqual([]);
  });
});

describe("servers that cannot control sessions", () => {
  const started: ServedApp[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((app) => app.close()));
  });

  it("rejects with status 404 and says so when the server has no session store", async () => {
    const plain = await startPortcullis();
    started.push(plain.app);
    const b = browser(plain.app.url);
    await signIn("credentials", { ...b.options, username: "alice", password: "wonderland", redirect: false });
    const listing = await failure(listSessions(b.options));
    expect(listing.status).toBe(404);
    expect(listing.message).toBe(
      "listSessions: GET /auth/sessions answered 404: the server has no session store configured, so it cannot list or revoke sessions (set `session.store`, or use database sessions)",
    );
    expect((await failure(revokeSession("x", b.options))).message).toMatch(/no session store configured/);
    expect((await failure(signOutEverywhere(b.options))).status).toBe(404);
    expect(b.visits).toEqual([]);
    expect((await getSession(b.options))?.user?.name).toBe("Alice");
  });

  it.each([
    ["a 500 answer", 500, [{ id: "a", current: true }]],
    ["an object instead of a list", 200, { id: "a", current: true }],
    ["a list of something else", 200, ["a", "b"]],
  ])("listSessions rejects %s", async (_, status, body) => {
    const app = await serve(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
    );
    started.push(app);
    const error = await failure(listSessions(browser(app.url).options));
    expect(error.status).toBe(status);
  });

  it("a revocation rejects an answer without a count of revoked sessions", async () => {
    const app = await serve(async (request) => {
      const body =
        new URL(request.url).pathname === "/auth/csrf" ? { csrfToken: "a".repeat(64) } : { ok: true };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    });
    started.push(app);
    const error = await failure(revokeOtherSessions(browser(app.url).options));
    expect(error.message).toBe(
      "revokeOtherSessions: POST /auth/sessions/revoke-others answered 200 without a count of revoked sessions",
    );
  });
});
