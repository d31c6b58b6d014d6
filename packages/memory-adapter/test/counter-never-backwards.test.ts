/**
 * `updateAuthenticatorCounter` never moves a passkey's counter backwards: a lower counter (a
 * clone's, signing in while the passkey did) is not written, and the row is answered as stored,
 * so the core can tell and refuse that sign-in. An equal counter (synced passkeys stay at 0)
 * writes nothing and is answered as it is. An answer whose counter was not written carries the
 * COUNTER_NOT_WRITTEN mark, so the core can refuse a clone that signs in with the very counter its
 * twin stored (an equal counter answered as stored looked like its own write).
 */
import { type Adapter, COUNTER_NOT_WRITTEN } from "@portcullis/core/adapters";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { expect, test } from "vitest";

async function withPasskey(counter: number) {
  const adapter = MemoryAdapter() as Required<Adapter>;
  const user = await adapter.createUser({ id: "ada", email: "ada@example.test", emailVerified: null });
  await adapter.createAuthenticator({
    credentialID: "cred",
    userId: user.id,
    providerAccountId: "cred",
    credentialPublicKey: "key",
    counter,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
    transports: null,
  });
  return adapter;
}

test("a lower counter is not written, and the stored row is answered", async () => {
  const adapter = await withPasskey(0);
  expect((await adapter.updateAuthenticatorCounter("cred", 10)).counter).toBe(10);
  expect((await adapter.updateAuthenticatorCounter("cred", 5)).counter).toBe(10);
  expect((await adapter.getAuthenticator("cred"))?.counter).toBe(10);
});

test("an equal counter is answered as stored: a synced passkey stays at 0", async () => {
  const adapter = await withPasskey(0);
  expect((await adapter.updateAuthenticatorCounter("cred", 0)).counter).toBe(0);
  expect((await adapter.updateAuthenticatorCounter("cred", 0)).counter).toBe(0);
});

test("of concurrent updates the stored counter ends at the highest", async () => {
  const adapter = await withPasskey(0);
  await Promise.all([7, 3, 9, 1, 8].map((counter) => adapter.updateAuthenticatorCounter("cred", counter)));
  expect((await adapter.getAuthenticator("cred"))?.counter).toBe(9);
});

test("an unwritten counter, equal or lower, is marked; a written one is not", async () => {
  const adapter = await withPasskey(0);
  const marked = (row: object) => (row as { [COUNTER_NOT_WRITTEN]?: true })[COUNTER_NOT_WRITTEN] === true;
  const first = await adapter.updateAuthenticatorCounter("cred", 7);
  expect(first.counter).toBe(7);
  expect(marked(first)).toBe(false);
  const same = await adapter.updateAuthenticatorCounter("cred", 7);
  expect(same.counter).toBe(7);
  expect(marked(same)).toBe(true);
  expect(marked(await adapter.updateAuthenticatorCounter("cred", 3))).toBe(true);
  expect(marked(await adapter.updateAuthenticatorCounter("cred", 8))).toBe(false);
  // The mark is the answer's, not the stored row's.
  expect(marked((await adapter.getAuthenticator("cred"))!)).toBe(false);
});

test("of two updates with the same counter at once, exactly one writes", async () => {
  const adapter = await withPasskey(4);
  const answers = await Promise.all([
    adapter.updateAuthenticatorCounter("cred", 9),
    adapter.updateAuthenticatorCounter("cred", 9),
  ]);
  expect(
    answers.map((row) => (row as { [COUNTER_NOT_WRITTEN]?: true })[COUNTER_NOT_WRITTEN] === true).sort(),
  ).toEqual([false, true]);
});
