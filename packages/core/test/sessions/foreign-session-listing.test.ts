/**
 * Session control keeps only the rows of the user it asked about: a listSessionsByUser that
 * answers other users' sessions (a query that forgot its user filter, a shared table) neither
 * shows their devices nor lets any revocation end, or announce the end of, their sessions. The
 * adapter is the real memory adapter with only that method lying.
 */
import { type Adapter, createAuth } from "@portcullis/core";
import { AdapterError } from "@portcullis/core/errors";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it, vi } from "vitest";
import { recordingLogger } from "../auth/helpers";
import { browser, clock, control, controlConfig, listOf, USERS, whoIs } from "./helpers";

/** What a broken listSessionsByUser may answer for `userId`, given every user's real rows. */
const LISTINGS: Array<[string, (own: unknown[], others: unknown[]) => unknown[]]> = [
  ["every user's sessions", (own, others) => [...own, ...others]],
  ["only other users' sessions", (_own, others) => others],
];

async function setup(listing: (own: unknown[], others: unknown[]) => unknown[]) {
  const inner = MemoryAdapter();
  for (const user of Object.values(USERS)) await inner.createUser!({ ...user, emailVerified: null });
  let lying = false;
  const adapter: Adapter = {
    ...inner,
    async listSessionsByUser(userId) {
      if (!lying) return inner.listSessionsByUser!(userId);
      const others = Object.values(USERS).filter((u) => u.id !== userId);
      const theirs = await Promise.all(others.map((u) => inner.listSessionsByUser!(u.id)));
      return listing(await inner.listSessionsByUser!(userId), theirs.flat()) as never;
    },
  };
  const events = { signOut: vi.fn(), sessionsRevoked: vi.fn() };
  const { log, logger } = recordingLogger();
  const config = controlConfig({
    adapter,
    events,
    logger,
    now: clock().now,
    session: { strategy: "database" },
  });
  const alice = await browser(config, "alice", "Alice-Laptop/1.0");
  const bob = await browser(config, "bob", "Bob-Phone/1.0");
  // Bob's handle as his own honest listing shows it; the listing lies from here on.
  const bobsHandle = (await listOf(bob))[0]!.id;
  lying = true;
  return { config, alice, bob, bobsHandle, events, errors: log.errors };
}

function expectLogged(errors: Error[]) {
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(error).toBeInstanceOf(AdapterError);
    expect(error.message).toContain("listSessionsByUser");
  }
}

describe("session control when listSessionsByUser answers other users' sessions", () => {
  it.each(LISTINGS)("lists only the signed-in user's sessions when it answers %s", async (_name, listing) => {
    const { alice, errors } = await setup(listing);
    const listed = await listOf(alice);
    expect(listed.every((s) => s.userAgent !== "Bob-Phone/1.0")).toBe(true);
    expectLogged(errors);
  });

  it.each(LISTINGS)(
    "never revokes another user's session by its handle when it answers %s",
    async (_name, listing) => {
      const { alice, bob, bobsHandle, events } = await setup(listing);
      expect(await (await control(alice, "revoke", { id: bobsHandle })).json()).toEqual({ revoked: 0 });
      expect(await whoIs(bob)).toBe("Bob");
      expect(events.signOut).not.toHaveBeenCalled();
    },
  );

  it.each(LISTINGS)(
    "revoke-all and admin revocation announce only the user's own sessions when it answers %s",
    async (_name, listing) => {
      const { config, alice, bob, events } = await setup(listing);
      await control(alice, "revoke-all");
      await createAuth(config).revokeSessions(USERS.alice!.id);
      expect(await whoIs(bob)).toBe("Bob");
      const ended = events.signOut.mock.calls.map(([{ session }]) => session.userId);
      expect(ended.every((userId) => userId === USERS.alice!.id)).toBe(true);
      for (const [{ user }] of events.sessionsRevoked.mock.calls) expect(user.id).toBe(USERS.alice!.id);
    },
  );
});
