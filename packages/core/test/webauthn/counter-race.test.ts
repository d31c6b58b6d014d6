/**
 * Two sign-ins with one passkey in flight at once: the passkey (counter 10) and a clone of it
 * (counter 5). Both read the stored counter before either writes, so both pass the library's
 * "counter grew" check; once, both were accepted and the stored counter ended at 5, so the clone
 * could go on signing in. The adapter now writes a counter only when it is greater than the stored
 * one and answers the row as stored, and the core refuses the sign-in whose counter the row does
 * not hold. The interleaving is forced: a barrier in getAuthenticator (both lookups answer before
 * either update), and the clone's update waits for the passkey's.
 *
 * A clone signing at the passkey's very state sends the same counter: the second write does
 * nothing, and the row answered holds that counter, as if it were its own. The adapter marks its
 * answer COUNTER_NOT_WRITTEN then, and the core refuses a non-zero counter so marked.
 */
import { type Adapter, type AdapterAuthenticator, COUNTER_NOT_WRITTEN } from "@portcullis/core/adapters";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { ORIGIN, options, otherBrowser, postCallback, register, setup } from "./helpers";
import type { SoftAuthenticator } from "./soft-authenticator";

/** Resolves for every party once `parties` have called it. */
function barrier(parties: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}

/**
 * A memory adapter whose race can be armed: then its next two authenticator lookups wait for each
 * other, and the update writing `second` waits until the one writing `first` has answered.
 */
function racingAdapter() {
  const inner = MemoryAdapter() as Required<Adapter>;
  let race: { lookups: () => Promise<void>; first: number; second: number } | undefined;
  let firstDone: Promise<unknown> = Promise.resolve();
  const adapter: Adapter = {
    ...inner,
    async getAuthenticator(id) {
      const found = await inner.getAuthenticator(id);
      if (race) await race.lookups();
      return found;
    },
    async updateAuthenticatorCounter(id, counter) {
      if (!race) return inner.updateAuthenticatorCounter(id, counter);
      if (counter === race.first) {
        const done = Promise.resolve(inner.updateAuthenticatorCounter(id, counter));
        firstDone = done;
        return done;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      await firstDone;
      return inner.updateAuthenticatorCounter(id, counter);
    },
  };
  return {
    adapter,
    arm(first: number, second: number) {
      race = { lookups: barrier(2), first, second };
    },
  };
}

/** An assertion signed with the passkey's counter set to `counter` (the soft authenticator adds 1 first). */
async function assertion(browser: TestClient, authenticator: SoftAuthenticator, counter: number) {
  const { body } = await options(browser, { action: "authenticate" });
  authenticator.credentials[0]!.counter = counter - 1;
  return JSON.stringify(authenticator.get(body.options));
}

async function signUp() {
  const racing = racingAdapter();
  const s = setup({ adapter: racing.adapter });
  await register(s.client, s.authenticator, "ada@example.com");
  const credentialId = s.authenticator.credentials[0]!.id.toString("base64url");
  const stored = async () => (await s.adapter.getAuthenticator!(credentialId))?.counter;
  return { ...s, ...racing, stored };
}

describe("one passkey signing in twice at once", () => {
  it("refuses the clone's lower counter when the higher one is stored first, and keeps the higher", async () => {
    const s = await signUp();
    const passkey = otherBrowser(s.client);
    const clone = otherBrowser(s.client);
    const high = await assertion(passkey, s.authenticator, 10);
    const low = await assertion(clone, s.authenticator, 5);

    s.arm(10, 5);
    const [accepted, refused] = await Promise.all([
      postCallback(passkey, { action: "authenticate", data: high }),
      postCallback(clone, { action: "authenticate", data: low }),
    ]);

    expect(accepted.headers.get("location")).toBe(ORIGIN);
    expect(refused.headers.get("location")).toContain("error=WebAuthnVerificationError");
    expect(refused.headers.get("set-cookie") ?? "").not.toMatch(/session-token=[^;]/);
    expect(await s.stored()).toBe(10);
  });

  it("accepts both when the lower counter is stored first (the order a single passkey signs in)", async () => {
    const s = await signUp();
    const first = otherBrowser(s.client);
    const second = otherBrowser(s.client);
    const low = await assertion(first, s.authenticator, 5);
    const high = await assertion(second, s.authenticator, 10);

    s.arm(5, 10);
    const [one, two] = await Promise.all([
      postCallback(first, { action: "authenticate", data: low }),
      postCallback(second, { action: "authenticate", data: high }),
    ]);

    expect(one.headers.get("location")).toBe(ORIGIN);
    expect(two.headers.get("location")).toBe(ORIGIN);
    expect(await s.stored()).toBe(10);
  });

  it("refuses one of two sign-ins that carry the same non-zero counter (a clone at the passkey's state)", async () => {
    const s = await signUp();
    const passkey = otherBrowser(s.client);
    const clone = otherBrowser(s.client);
    const a = await assertion(passkey, s.authenticator, 7);
    const b = await assertion(clone, s.authenticator, 7);

    s.arm(7, 7);
    const responses = await Promise.all([
      postCallback(passkey, { action: "authenticate", data: a }),
      postCallback(clone, { action: "authenticate", data: b }),
    ]);

    const locations = responses.map((r) => r.headers.get("location") ?? "");
    expect(locations.filter((l) => l === ORIGIN)).toHaveLength(1);
    const refused = responses[locations.findIndex((l) => l !== ORIGIN)]!;
    expect(refused.headers.get("location")).toContain("error=WebAuthnVerificationError");
    expect(refused.headers.get("set-cookie") ?? "").not.toMatch(/session-token=[^;]/);
    expect(await s.stored()).toBe(7);
  });

  it("keeps signing in a synced passkey whose counter stays 0", async () => {
    const s = await signUp();
    for (let i = 0; i < 3; i++) {
      const browser = otherBrowser(s.client);
      const data = await assertion(browser, s.authenticator, 0);
      const response = await postCallback(browser, { action: "authenticate", data });
      expect(response.headers.get("location")).toBe(ORIGIN);
    }
    expect(await s.stored()).toBe(0);
  });
});

describe("the row updateAuthenticatorCounter answers", () => {
  type Answer = (row: AdapterAuthenticator, counter: number) => AdapterAuthenticator;
  it.each<[string, Answer, "refused" | "accepted"]>([
    // The conditional update was refused: the row holds a higher counter already.
    ["another counter than the one written", (row, counter) => ({ ...row, counter: counter + 1 }), "refused"],
    // Another sign-in stored this very counter first: the row holds it, the write did not happen.
    [
      "the counter written, marked as not written",
      (row, counter) => ({ ...row, counter, [COUNTER_NOT_WRITTEN]: true }) as AdapterAuthenticator,
      "refused",
    ],
    // bigint columns through some drivers.
    [
      "the counter as text",
      (row) => ({ ...row, counter: String(row.counter) as unknown as number }),
      "accepted",
    ],
  ])("%s: the sign-in is %s", async (_, answer, outcome) => {
    const inner = MemoryAdapter() as Required<Adapter>;
    const adapter: Adapter = {
      ...inner,
      async updateAuthenticatorCounter(id, counter) {
        return answer(await inner.updateAuthenticatorCounter(id, counter), counter);
      },
    };
    const s = setup({ adapter });
    await register(s.client, s.authenticator, "ada@example.com");
    const browser = otherBrowser(s.client);
    const data = await assertion(browser, s.authenticator, 3);
    const location = (await postCallback(browser, { action: "authenticate", data })).headers.get("location");
    if (outcome === "refused") expect(location).toContain("error=WebAuthnVerificationError");
    else expect(location).toBe(ORIGIN);
  });
});
