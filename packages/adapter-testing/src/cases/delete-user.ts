import { describe, expect, test } from "vitest";
import type { SuiteContext } from "../context";
import { newAccount, newAuthenticator, newSession, newUser } from "../fixtures";

/** Registers the cases for deleting a user with everything that belongs to them. */
export function deleteUserCases({ adapter, read }: SuiteContext): void {
  describe("deleteUser", () => {
    test("deleteUser removes the user with their sessions, accounts and authenticators", async () => {
      const user = await adapter.createUser(newUser());
      const session = await adapter.createSession(newSession(user.id));
      const account = newAccount(user.id);
      await adapter.linkAccount(account);
      const authenticator = await adapter.createAuthenticator(newAuthenticator(user.id));

      await adapter.deleteUser(user.id);

      expect(await read.user(user.id)).toBeNull();
      expect(await adapter.getUserByEmail(user.email)).toBeNull();
      expect(await read.session(session.sessionToken)).toBeNull();
      expect(await read.account(account)).toBeNull();
      expect(await read.authenticator(authenticator.credentialID)).toBeNull();
      expect(await adapter.listAuthenticatorsByUserId(user.id)).toEqual([]);
    });

    test("deleteUser leaves other users and their rows alone", async () => {
      const doomed = await adapter.createUser(newUser());
      const other = await adapter.createUser(newUser());
      const session = await adapter.createSession(newSession(other.id));
      const account = newAccount(other.id);
      await adapter.linkAccount(account);
      const authenticator = await adapter.createAuthenticator(newAuthenticator(other.id));

      await adapter.deleteUser(doomed.id);

      expect(await read.user(other.id)).toEqual(other);
      expect(await read.session(session.sessionToken)).toEqual(session);
      expect(await read.account(account)).toEqual(account);
      expect(await read.authenticator(authenticator.credentialID)).toEqual(authenticator);
    });
  });
}
