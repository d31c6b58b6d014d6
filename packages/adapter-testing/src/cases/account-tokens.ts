import type { Adapter, AdapterAccount } from "@portcullis/core/adapters";
import { describe, expect, test } from "vitest";
import type { SuiteContext } from "../context";
import { newAccount, newUser, randomId } from "../fixtures";

type AccountTokenMethod = keyof Pick<Adapter, "listAccountsByUser" | "updateAccount">;

const byId = (a: AdapterAccount, b: AdapterAccount) => a.providerAccountId.localeCompare(b.providerAccountId);

/**
 * Registers the cases for the optional methods `getAccessToken` needs: listing a user's accounts
 * and updating an account's tokens. A case of a method the adapter lacks is reported as skipped,
 * with the reason in its name.
 */
export function accountTokenCases({ adapter, read }: SuiteContext): void {
  function methodCase(method: AccountTokenMethod, name: string, body: () => Promise<void>): void {
    const missing = typeof adapter[method] !== "function";
    test.skipIf(missing)(missing ? `${name} (skipped: the adapter has no ${method})` : name, body);
  }

  async function linked(userId?: string): Promise<AdapterAccount> {
    const owner = userId ?? (await adapter.createUser(newUser())).id;
    const account = newAccount(owner);
    await adapter.linkAccount(account);
    return account;
  }

  describe("account tokens", () => {
    methodCase(
      "listAccountsByUser",
      "listAccountsByUser answers every account of the user with its tokens, and no one else's",
      async () => {
        const first = await linked();
        const second = await linked(first.userId);
        await linked();
        const listed = [...(await adapter.listAccountsByUser(first.userId))].sort(byId);
        expect(listed).toEqual([first, second].sort(byId));
      },
    );

    methodCase(
      "listAccountsByUser",
      "listAccountsByUser answers an empty array for an unknown user",
      async () => {
        expect(await adapter.listAccountsByUser(randomId())).toEqual([]);
      },
    );

    methodCase(
      "updateAccount",
      "updateAccount writes the fields given, leaves the others, and answers the stored account",
      async () => {
        const account = await linked();
        const changes = { access_token: `new-${randomId()}`, expires_at: 1_999_999_999 };
        const answered = await adapter.updateAccount({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          ...changes,
        });
        const expected = { ...account, ...changes };
        expect(answered).toEqual(expected);
        expect(await read.account(account)).toEqual(expected);
      },
    );

    methodCase("updateAccount", "updateAccount clears a field given as null", async () => {
      const account = await linked();
      await adapter.updateAccount({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        id_token: null,
      });
      const stored = await read.account(account);
      expect(stored?.id_token ?? null).toBeNull();
      expect(stored?.refresh_token).toBe(account.refresh_token);
    });

    methodCase(
      "updateAccount",
      "updateAccount touches no other account and answers null for an unknown one",
      async () => {
        const account = await linked();
        const other = await linked(account.userId);
        expect(
          await adapter.updateAccount({
            provider: account.provider,
            providerAccountId: randomId(),
            access_token: "nobody's",
          }),
        ).toBeNull();
        await adapter.updateAccount({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          access_token: "changed",
        });
        expect(await read.account(other)).toEqual(other);
        expect(await read.account(account)).toMatchObject({ userId: account.userId, type: account.type });
      },
    );
  });
}
