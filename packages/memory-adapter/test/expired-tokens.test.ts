/**
 * Each `createVerificationToken` removes the tokens whose `expires` has passed. Rows nobody uses
 * (a passkey challenge per anonymous webauthn-options request, an unclicked magic link) otherwise
 * stayed for the life of the process, one per request. A token that arrives expired by this
 * process's clock (from a test's fixed clock) removes nothing: that caller's live tokens may all
 * look expired here.
 */
import type { Adapter } from "@portcullis/core/adapters";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { expect, test } from "vitest";

const MINUTE = 60_000;
const token = (name: string, expiresIn: number) => ({
  identifier: "webauthn-challenge:passkey",
  token: name,
  expires: new Date(Date.now() + expiresIn),
});

test("a new token removes the expired ones and keeps the live ones", async () => {
  const adapter = MemoryAdapter() as Required<Adapter>;
  // Expired already, so their own creation removes nothing.
  for (let i = 0; i < 50; i++) await adapter.createVerificationToken(token(`old-${i}`, -MINUTE));
  await adapter.createVerificationToken(token("live", 15 * MINUTE));

  expect(
    await adapter.useVerificationToken({ identifier: "webauthn-challenge:passkey", token: "old-0" }),
  ).toBeNull();
  expect(
    await adapter.useVerificationToken({ identifier: "webauthn-challenge:passkey", token: "old-49" }),
  ).toBeNull();
  expect(
    await adapter.useVerificationToken({ identifier: "webauthn-challenge:passkey", token: "live" }),
  ).toMatchObject({
    token: "live",
  });
});

test("a token created expired by this clock removes nothing", async () => {
  const adapter = MemoryAdapter() as Required<Adapter>;
  await adapter.createVerificationToken(token("earlier", -2 * MINUTE));
  await adapter.createVerificationToken(token("later", -MINUTE));
  expect(
    await adapter.useVerificationToken({ identifier: "webauthn-challenge:passkey", token: "earlier" }),
  ).toMatchObject({
    token: "earlier",
  });
});
