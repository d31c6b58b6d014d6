import type { AdapterAccount } from "@portcullis/core/adapters";
import { describe, expect, test } from "vitest";
import type { SuiteContext } from "../context";
import { newAccount, newUser, randomId } from "../fixtures";

/** Registers the cases for linking, reading and unlinking accounts. */
export function accountCases({ adapter, read }: SuiteContext): void {
  async function linked(): Promise<AdapterAccount> {
    const user = await adapter.createUser(newUser());
    const account = newAccount(user.id);
    await adapter.linkAccount(account);
    return account;
  }

  describe("accounts", () => {
    test("linkAccount stores every OAuth field and getAccount returns them", async () => {
      const account = await linked();
      expect(await adapter.getAccount(account.providerAccountId, account.provider)).toEqual(account);
      expect(await read.account(account)).toEqual(account);
    });

    test("linkAccount stores an account without tokens", async () => {
      const user = await adapter.createUser(newUser());
      const account: AdapterAccount = {
        userId: user.id,
        type: "email",
        provider: "email",
        providerAccountId: user.email,
      };
      await adapter.linkAccount(account);
      const stored = await adapter.getAccount(account.providerAccountId, account.provider);
      expect(stored).toMatchObject(account);
      expect(stored?.access_token ?? null).toBeNull();
      expect(stored?.expires_at ?? null).toBeNull();
    });

    test("getAccount answers null for an unknown account or another provider", async () => {
      const account = await linked();
      expect(await adapter.getAccount(randomId(), account.provider)).toBeNull();
      expect(await adapter.getAccount(account.providerAccountId, "another-provider")).toBeNull();
    });

    test("getUserByAccount returns the user who owns the account", async () => {
      const user = await adapter.createUser(newUser());
      const account = newAccount(user.id);
      await adapter.linkAccount(account);
      expect(await adapter.getUserByAccount(account)).toEqual(user);
    });

    test("getUserByAccount answers null for an unknown account", async () => {
      expect(
        await adapter.getUserByAccount({ provider: "conformance", providerAccountId: randomId() }),
      ).toBeNull();
    });

    test("unlinkAccount removes the account and keeps the user", async () => {
      const account = await linked();
      await adapter.unlinkAccount(account);
      expect(await read.account(account)).toBeNull();
      expect(await adapter.getUserByAccount(account)).toBeNull();
      expect(await read.user(account.userId)).not.toBeNull();
    });
  });
}
