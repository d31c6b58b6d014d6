/**
 * Revocable JWT sessions (`session.store`) against the clock: a store check time kept in the
 * token (`sid_checked`) that lies in the future counts as due, so a clock that ran ahead does
 * not suspend revocation; the store row outlives every token an active session is issued, so
 * the store never ends an active session at maxAge; a store row whose `expires` is not a valid
 * date ends the session. And the expiry a JWT session reports is the one its cookie carries.
 * The clock is the configuration's `now` hook.
 */
import { type AuthConfig, memorySessionStore, type SessionStore } from "@portcullis/core";
import { describe, expect, it } from "vitest";
import { browser, clock, control, controlConfig, listOf, whoIs } from "./helpers";

function jwtWithStore(session: Partial<NonNullable<AuthConfig["session"]>> = {}) {
  const time = clock();
  const config = controlConfig({
    now: time.now,
    session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 60, ...session },
  });
  return { config, time };
}

/** A memory store that counts its writes after sign-in (`touch`). */
function countingStore() {
  const inner = memorySessionStore();
  const counts = { touch: 0 };
  const store: SessionStore = {
    ...inner,
    touch: (id, changes) => {
      counts.touch++;
      return inner.touch(id, changes);
    },
  };
  return { store, counts };
}

describe("revocable JWT sessions and the clock", () => {
  it("a clock that ran ahead for a while does not suspend revocation once it is set right", async () => {
    const { config, time } = jwtWithStore();
    const laptop = await browser(config, "alice");
    // The server's clock runs an hour ahead (a VM resumed, NTP not yet synced); the laptop reads.
    time.advance(3600);
    expect(await whoIs(laptop)).toBe("Alice");
    // The clock is set right; the user revokes the laptop from the phone.
    time.advance(-3600);
    const phone = await browser(config, "alice");
    const laptopId = (await listOf(phone)).find((s) => !s.current)!.id;
    expect(await (await control(phone, "revoke", { id: laptopId })).json()).toEqual({ revoked: 1 });
    // Past revalidateAfter (60 s) the revoked session must be gone.
    time.advance(120);
    expect(await whoIs(laptop)).toBeNull();
  });

  it("an active session slides past maxAge as it does without a store (maxAge 1 day, default updateAge)", async () => {
    const { store, counts } = countingStore();
    const { config, time } = jwtWithStore({ maxAge: 24 * 60 * 60, store });
    const laptop = await browser(config, "alice");
    // Active every 10 minutes for 2 days: a sliding session, as it is without a store.
    for (let i = 0; i < 2 * 24 * 6; i++) {
      time.advance(600);
      const name = await whoIs(laptop);
      if (name !== "Alice") throw new Error(`signed out after ${(i + 1) * 10} minutes of activity`);
    }
    // The store is written about once per updateAge, not on every check.
    expect(counts.touch).toBeLessThanOrEqual(3);
  });

  it("an idle session still ends at maxAge", async () => {
    const { config, time } = jwtWithStore({ maxAge: 24 * 60 * 60 });
    const laptop = await browser(config, "alice");
    time.advance(24 * 60 * 60 + 30);
    expect(await whoIs(laptop)).toBeNull();
  });

  it("a store row whose expires is an Invalid Date ends the session (as for database sessions)", async () => {
    const inner = memorySessionStore();
    const store: SessionStore = {
      ...inner,
      get: async (id) => {
        const found = await inner.get(id);
        return found && { ...found, expires: new Date(Number.NaN) };
      },
    };
    const { config, time } = jwtWithStore({ store });
    const laptop = await browser(config, "alice");
    time.advance(61);
    expect(await whoIs(laptop)).toBeNull();
  });
});

describe("the expiry a JWT session reports", () => {
  it("GET /session answers the absoluteMaxAge end, not now + maxAge, when that comes first", async () => {
    const time = clock();
    const config = controlConfig({ now: time.now, session: { strategy: "jwt", absoluteMaxAge: 3600 } });
    const laptop = await browser(config, "alice");
    const session = (await laptop.session()) as { expires: string };
    // The cookie says so too (Expires = sign-in + 1 h); the answer must not promise 30 days.
    expect(session.expires).toBe(new Date(time.now() + 3600 * 1000).toISOString());
  });
});
