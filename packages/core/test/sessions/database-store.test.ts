/**
 * Database sessions kept in a session store (`strategy: "database"` with `session.store`): the
 * adapter then needs only to know the users, and a configuration where neither keeps sessions is
 * refused with a message that names both ways out.
 */
import { type Adapter, type AdapterUser, Auth, memorySessionStore } from "@portcullis/core";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { recordingLogger } from "../auth/helpers";
import { browser, controlConfig, USERS, whoIs } from "./helpers";

/** An adapter that knows the two users and nothing else: no session methods at all. */
function usersOnly(): Adapter {
  return {
    getUser: (id) => {
      const user = Object.values(USERS).find((u) => u.id === id);
      return user ? ({ ...user, emailVerified: null } satisfies AdapterUser) : null;
    },
  };
}

describe("database sessions in a session store", () => {
  it("signs in, reads and lists through the store with an adapter that has only getUser", async () => {
    const store = memorySessionStore();
    const config = controlConfig({ adapter: usersOnly(), session: { strategy: "database", store } });
    const laptop = await browser(config, "alice");
    expect(await whoIs(laptop)).toBe("Alice");
    expect(await store.listByUser("u-alice")).toHaveLength(1);
    expect((await store.listByUser("u-alice"))[0]!.id).toBe(laptop.jar.get("authjs.session-token"));
    expect((await laptop.get("/auth/sessions")).status).toBe(200);
  });

  it("a store that stops answering is given up on after timeouts.adapter: no session, warned once, served again once it answers", async () => {
    const store = memorySessionStore();
    let hanging = false;
    const slow = { ...store, get: (id: string) => (hanging ? new Promise<never>(() => {}) : store.get(id)) };
    const { log, logger } = recordingLogger();
    const config = controlConfig({
      adapter: usersOnly(),
      session: { strategy: "database", store: slow },
      timeouts: { adapter: 150 },
      logger,
    });
    const laptop = await browser(config, "alice");
    hanging = true;
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const response = await laptop.get("/auth/session");
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    expect(log.warnings).toEqual(["session-store-unavailable"]);
    expect(log.errors).toEqual([]);
    hanging = false;
    expect(await whoIs(laptop)).toBe("Alice");
  });

  it("without a store, an adapter lacking the session methods is refused with a message naming session.store", async () => {
    const { log, logger } = recordingLogger();
    const config = controlConfig({ adapter: usersOnly(), session: { strategy: "database" }, logger });
    const client = new TestClient((request) => Auth(request, config));
    expect((await client.get("/auth/session")).status).toBe(500);
    expect(log.errors[0]?.message).toMatch(/lacks createSession, getSessionAndUser.*`session\.store`/);
  });
});
