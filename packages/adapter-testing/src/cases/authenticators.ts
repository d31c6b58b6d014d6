import type { AdapterAuthenticator } from "@portcullis/core/adapters";
import { describe, expect, test } from "vitest";
import type { SuiteContext } from "../context";
import { newAuthenticator, newUser, randomId } from "../fixtures";

/** Registers the cases for WebAuthn authenticators. */
export function authenticatorCases({ adapter, read }: SuiteContext): void {
  async function created(): Promise<AdapterAuthenticator> {
    const user = await adapter.createUser(newUser());
    return adapter.createAuthenticator(newAuthenticator(user.id));
  }

  describe("authenticators", () => {
    test("createAuthenticator returns the authenticator it stored", async () => {
      const user = await adapter.createUser(newUser());
      const authenticator = newAuthenticator(user.id);
      expect(await adapter.createAuthenticator(authenticator)).toEqual(authenticator);
      expect(await read.authenticator(authenticator.credentialID)).toEqual(authenticator);
    });

    test("getAuthenticator keeps credentialBackedUp a boolean and transports as given", async () => {
      const user = await adapter.createUser(newUser());
      const authenticator = { ...newAuthenticator(user.id), credentialBackedUp: false, transports: null };
      await adapter.createAuthenticator(authenticator);
      const stored = await adapter.getAuthenticator(authenticator.credentialID);
      expect(stored?.credentialBackedUp).toBe(false);
      expect(stored?.transports ?? null).toBeNull();
      expect({ ...stored, transports: null }).toEqual(authenticator);
    });

    test("getAuthenticator answers null for an unknown credential id", async () => {
      expect(await adapter.getAuthenticator(randomId())).toBeNull();
    });

    test("listAuthenticatorsByUserId lists the user's authenticators and no one else's", async () => {
      const user = await adapter.createUser(newUser());
      const first = await adapter.createAuthenticator(newAuthenticator(user.id));
      const second = await adapter.createAuthenticator(newAuthenticator(user.id));
      await created();
      const listed = await adapter.listAuthenticatorsByUserId(user.id);
      const byId = (a: AdapterAuthenticator, b: AdapterAuthenticator) =>
        a.credentialID.localeCompare(b.credentialID);
      expect([...listed].sort(byId)).toEqual([first, second].sort(byId));
    });

    test("listAuthenticatorsByUserId answers an empty array for an unknown user", async () => {
      expect(await adapter.listAuthenticatorsByUserId(randomId())).toEqual([]);
    });

    test("updateAuthenticatorCounter stores the new counter and returns the authenticator", async () => {
      const authenticator = await created();
      const updated = await adapter.updateAuthenticatorCounter(authenticator.credentialID, 42);
      expect(updated).toEqual({ ...authenticator, counter: 42 });
      expect((await read.authenticator(authenticator.credentialID))?.counter).toBe(42);
    });

    test("updateAuthenticatorCounter rejects an unknown credential id", async () => {
      await expect(async () => adapter.updateAuthenticatorCounter(randomId(), 1)).rejects.toThrow();
    });
  });
}
