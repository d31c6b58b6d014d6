import { runAdapterTests } from "@portcullis/adapter-testing";
import { AdapterError } from "@portcullis/core/errors";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, test } from "vitest";

runAdapterTests({ adapter: MemoryAdapter(), name: "MemoryAdapter", sessionDetails: true });

test("MemoryAdapter has the session-control methods, so the suite runs their cases instead of skipping them", () => {
  const adapter = MemoryAdapter();
  expect(typeof adapter.listSessionsByUser).toBe("function");
  expect(typeof adapter.deleteSessionsByUser).toBe("function");
});

describe("MemoryAdapter isolation", () => {
  const user = () => ({
    id: crypto.randomUUID(),
    email: `${crypto.randomUUID()}@example.test`,
    emailVerified: null,
  });

  test("mutating a returned user leaves the stored user unchanged", async () => {
    const adapter = MemoryAdapter();
    const created = await adapter.createUser!({ ...user(), name: "Ada" });
    created.name = "Mallory";
    const found = await adapter.getUser!(created.id);
    found!.email = "changed@example.test";
    expect(await adapter.getUser!(created.id)).toMatchObject({ name: "Ada", email: created.email });
  });

  test("mutating the object given to createSession leaves the stored session unchanged", async () => {
    const adapter = MemoryAdapter();
    const owner = await adapter.createUser!(user());
    const expires = new Date("2031-01-01T00:00:00.000Z");
    const session = { sessionToken: crypto.randomUUID(), userId: owner.id, expires };
    await adapter.createSession!(session);
    session.userId = "someone-else";
    expires.setUTCFullYear(2040);
    const stored = await adapter.getSessionAndUser!(session.sessionToken);
    expect(stored?.session.userId).toBe(owner.id);
    expect(stored?.session.expires.toISOString()).toBe("2031-01-01T00:00:00.000Z");
  });

  test("two adapters do not share rows", async () => {
    const first = MemoryAdapter();
    const created = await first.createUser!(user());
    expect(await MemoryAdapter().getUser!(created.id)).toBeNull();
  });

  test("createUser rejects a second user with the same email", async () => {
    const adapter = MemoryAdapter();
    const first = await adapter.createUser!(user());
    await expect(adapter.createUser!({ ...user(), email: first.email })).rejects.toBeInstanceOf(AdapterError);
  });

  test("createUser accepts several users without an email, as a SQL unique column does", async () => {
    const adapter = MemoryAdapter();
    const noEmail = () => ({ ...user(), email: null as unknown as string });
    await adapter.createUser!(noEmail());
    await expect(adapter.createUser!(noEmail())).resolves.toMatchObject({ email: null });
  });

  test("linkAccount rejects an account of an unknown user", async () => {
    const account = {
      userId: crypto.randomUUID(),
      type: "email",
      provider: "email",
      providerAccountId: "x",
    } as const;
    await expect(async () => MemoryAdapter().linkAccount!(account)).rejects.toBeInstanceOf(AdapterError);
  });
});
