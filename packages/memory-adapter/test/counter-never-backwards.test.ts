/**
 * `updateAuthenticatorCounter` never moves a passkey's counter backwards: a lower counter (a
 * clone's, signing in while the passkey did) is not written, and the row is answered as stored,
 * so the core can tell and refuse that sign-in. An equal counter (synced passkeys stay at 0)
 * writes nothing and is answered as it is.
 */
import type { Adapter } from "@portcullis/core/adapters";
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
