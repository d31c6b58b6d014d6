/** A first sign-in's user and account are stored together, or not at all. */

import type { AdapterAccount, AdapterUser } from "@portcullis/core/adapters";
import type { ActionContext } from "@portcullis/core/context";
import { createUserWithAccount } from "@portcullis/core/flows/new-user";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it, vi } from "vitest";

function context(adapter: ReturnType<typeof MemoryAdapter>, events = {}) {
  const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() };
  return { config: { adapter, events, logger } } as unknown as ActionContext;
}

const user: AdapterUser = { id: "u-new", email: "new@example.com", emailVerified: null };
const account: AdapterAccount = { userId: "u-new", type: "oauth", provider: "idp", providerAccountId: "p-1" };

describe("createUserWithAccount", () => {
  it("stores both rows and then fires createUser and linkAccount", async () => {
    const adapter = MemoryAdapter();
    const createUser = vi.fn();
    const linkAccount = vi.fn();
    await createUserWithAccount(user, account, user, context(adapter, { createUser, linkAccount }));
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "p-1" })).toMatchObject({
      id: "u-new",
    });
    expect(createUser).toHaveBeenCalledOnce();
    expect(linkAccount).toHaveBeenCalledWith(
      expect.objectContaining({ account: expect.objectContaining({ userId: "u-new" }) }),
    );
  });

  it("removes the new user again when linking fails, and fires no event", async () => {
    const adapter = MemoryAdapter();
    adapter.linkAccount = () => {
      throw new Error("unique violation");
    };
    const createUser = vi.fn();
    await expect(
      createUserWithAccount(user, account, user, context(adapter, { createUser })),
    ).rejects.toMatchObject({
      type: "AdapterError",
    });
    expect(await adapter.getUser!("u-new")).toBeNull();
    expect(createUser).not.toHaveBeenCalled();
  });

  it("uses the adapter's own createUserWithAccount when it has one", async () => {
    const adapter = MemoryAdapter();
    const both = vi.fn(async (u: AdapterUser) => u);
    adapter.createUserWithAccount = both;
    const createUser = vi.spyOn(adapter, "createUser");
    await createUserWithAccount(user, account, user, context(adapter));
    expect(both).toHaveBeenCalledWith(user, account);
    expect(createUser).not.toHaveBeenCalled();
  });
});
