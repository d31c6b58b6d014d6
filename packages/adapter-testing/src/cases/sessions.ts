import { isDate } from "@portcullis/core/adapters";
import { describe, expect, test } from "vitest";
import type { SuiteContext } from "../context";
import { MUCH_LATER, newSession, newUser, randomId } from "../fixtures";

/** Registers the cases for database sessions. */
export function sessionCases({ adapter, read }: SuiteContext): void {
  describe("sessions", () => {
    test("createSession returns the session with expires as a Date", async () => {
      const user = await adapter.createUser(newUser());
      const session = newSession(user.id);
      const created = await adapter.createSession(session);
      expect(created).toEqual(session);
      expect(isDate(created.expires)).toBe(true);
      expect(await read.session(session.sessionToken)).toEqual(session);
    });

    test("getSessionAndUser returns the session and its user", async () => {
      const user = await adapter.createUser(newUser());
      const session = await adapter.createSession(newSession(user.id));
      const found = await adapter.getSessionAndUser(session.sessionToken);
      expect(found).toEqual({ session, user });
      expect(isDate(found?.session.expires)).toBe(true);
    });

    test("getSessionAndUser answers null for an unknown session token", async () => {
      expect(await adapter.getSessionAndUser(randomId())).toBeNull();
    });

    test("updateSession moves the expiry and returns the updated session", async () => {
      const user = await adapter.createUser(newUser());
      const session = await adapter.createSession(newSession(user.id));
      const updated = await adapter.updateSession({
        sessionToken: session.sessionToken,
        expires: MUCH_LATER,
      });
      expect(updated).toEqual({ ...session, expires: MUCH_LATER });
      const stored = await read.session(session.sessionToken);
      expect(isDate(stored?.expires)).toBe(true);
      expect(stored?.expires.getTime()).toBe(MUCH_LATER.getTime());
    });

    test("updateSession answers null or undefined for an unknown session token", async () => {
      const updated = await adapter.updateSession({ sessionToken: randomId(), expires: MUCH_LATER });
      expect(updated ?? null).toBeNull();
    });

    test("deleteSession removes the session and returns it where the data layer can", async () => {
      const user = await adapter.createUser(newUser());
      const session = await adapter.createSession(newSession(user.id));
      const deleted = await adapter.deleteSession(session.sessionToken);
      if (deleted != null) expect(deleted).toEqual(session);
      expect(await read.session(session.sessionToken)).toBeNull();
      expect(await adapter.getSessionAndUser(session.sessionToken)).toBeNull();
      expect(await read.user(user.id)).toEqual(user);
    });

    test("deleteSession of an unknown session token does not throw", async () => {
      expect((await adapter.deleteSession(randomId())) ?? null).toBeNull();
    });
  });
}
