import { isDate } from "@portcullis/core/adapters";
import { describe, expect, test } from "vitest";
import type { SuiteContext } from "../context";
import { LATER, MUCH_LATER, newUser, randomId } from "../fixtures";

/** Registers the cases for creating, reading and updating users. */
export function userCases({ adapter, read }: SuiteContext): void {
  describe("users", () => {
    test("createUser returns the user it stored", async () => {
      const user = newUser();
      expect(await adapter.createUser(user)).toEqual(user);
      expect(await read.user(user.id)).toEqual(user);
    });

    test("getUser finds a user by id and answers null for an unknown id", async () => {
      const user = newUser();
      await adapter.createUser(user);
      expect(await adapter.getUser(user.id)).toEqual(user);
      expect(await adapter.getUser(randomId())).toBeNull();
    });

    test("getUserByEmail finds a user by email and answers null for an unknown email", async () => {
      const user = newUser();
      await adapter.createUser(user);
      expect(await adapter.getUserByEmail(user.email)).toEqual(user);
      expect(await adapter.getUserByEmail(`${randomId()}@example.test`)).toBeNull();
    });

    test("emailVerified comes back as a Date with the stored instant", async () => {
      const user = newUser({ emailVerified: LATER });
      const created = await adapter.createUser(user);
      expect(isDate(created.emailVerified)).toBe(true);
      const stored = await adapter.getUser(user.id);
      expect(isDate(stored?.emailVerified)).toBe(true);
      expect(stored?.emailVerified?.getTime()).toBe(LATER.getTime());
    });

    test("updateUser changes only the given fields and returns the whole user", async () => {
      const user = newUser();
      await adapter.createUser(user);
      const updated = await adapter.updateUser({ id: user.id, name: "Grace Hopper" });
      expect(updated).toEqual({ ...user, name: "Grace Hopper" });
      expect(await read.user(user.id)).toEqual({ ...user, name: "Grace Hopper" });
    });

    test("updateUser stores a new emailVerified and returns it as a Date", async () => {
      const user = newUser({ emailVerified: LATER });
      await adapter.createUser(user);
      const updated = await adapter.updateUser({ id: user.id, emailVerified: MUCH_LATER });
      expect(isDate(updated.emailVerified)).toBe(true);
      expect(updated.emailVerified?.getTime()).toBe(MUCH_LATER.getTime());
      expect((await read.user(user.id))?.emailVerified?.getTime()).toBe(MUCH_LATER.getTime());
    });

    test("updateUser clears a field given as null", async () => {
      const user = newUser();
      await adapter.createUser(user);
      expect(await adapter.updateUser({ id: user.id, image: null })).toEqual({ ...user, image: null });
      expect((await read.user(user.id))?.image).toBeNull();
    });

    test("updateUser rejects an unknown user id", async () => {
      await expect(async () => adapter.updateUser({ id: randomId(), name: "Nobody" })).rejects.toThrow();
    });
  });
}
