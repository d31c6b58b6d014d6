import type { Adapter, AdapterSession } from "@portcullis/core/adapters";
import { describe, expect, test } from "vitest";
import type { SuiteContext } from "../context";
import { EARLIER, newDetailedSession, newUser, randomId } from "../fixtures";
import { expectSession } from "../session-checks";

type SessionControlMethod = keyof Pick<
  Adapter,
  "listSessionsByUser" | "deleteSessionsByUser" | "deleteSessionsByIdpSession"
>;

const byToken = (a: AdapterSession, b: AdapterSession) => a.sessionToken.localeCompare(b.sessionToken);

/**
 * Registers the cases for the optional session-control methods. A case of a method the adapter
 * lacks is reported as skipped, with the reason in its name, rather than silently left out.
 */
export function sessionControlCases({ adapter, read, sessionDetails }: SuiteContext): void {
  function methodCase(method: SessionControlMethod, name: string, body: () => Promise<void>): void {
    const missing = typeof adapter[method] !== "function";
    test.skipIf(missing)(missing ? `${name} (skipped: the adapter has no ${method})` : name, body);
  }

  /** A user with `count` sessions, the first of them expired. */
  async function userWithSessions(count: number) {
    const user = await adapter.createUser(newUser());
    const sessions: AdapterSession[] = [];
    for (let i = 0; i < count; i++) {
      const session = newDetailedSession(user.id, i === 0 ? { expires: EARLIER } : {});
      await adapter.createSession(session);
      sessions.push(session);
    }
    return { user, sessions };
  }

  describe("session control", () => {
    methodCase(
      "listSessionsByUser",
      "listSessionsByUser answers every session of the user, expired ones included, and no one else's",
      async () => {
        const { user, sessions } = await userWithSessions(3);
        await userWithSessions(1);
        const listed = [...(await adapter.listSessionsByUser(user.id))].sort(byToken);
        const expected = [...sessions].sort(byToken);
        expect(listed.map((s) => s.sessionToken)).toEqual(expected.map((s) => s.sessionToken));
        listed.forEach((session, i) => {
          expectSession(session, expected[i] as AdapterSession, sessionDetails);
        });
      },
    );

    methodCase(
      "listSessionsByUser",
      "listSessionsByUser answers an empty array for an unknown user",
      async () => {
        expect(await adapter.listSessionsByUser(randomId())).toEqual([]);
      },
    );

    methodCase(
      "deleteSessionsByUser",
      "deleteSessionsByUser deletes every session of the user, answers how many, and leaves other users' alone",
      async () => {
        const { user, sessions } = await userWithSessions(3);
        const other = await userWithSessions(1);
        expect(await adapter.deleteSessionsByUser(user.id)).toBe(3);
        for (const session of sessions) expect(await read.session(session.sessionToken)).toBeNull();
        expect(await read.session(other.sessions[0]!.sessionToken)).not.toBeNull();
        expect(await read.user(user.id)).not.toBeNull();
      },
    );

    methodCase(
      "deleteSessionsByUser",
      "deleteSessionsByUser with except keeps that session, deletes the user's others and answers how many",
      async () => {
        const { user, sessions } = await userWithSessions(3);
        const other = await userWithSessions(1);
        const [expired, kept, dropped] = sessions as [AdapterSession, AdapterSession, AdapterSession];
        expect(await adapter.deleteSessionsByUser(user.id, { except: kept.sessionToken })).toBe(2);
        expect(await read.session(expired.sessionToken)).toBeNull();
        expect(await read.session(dropped.sessionToken)).toBeNull();
        expect(await read.session(kept.sessionToken)).not.toBeNull();
        expect(await read.session(other.sessions[0]!.sessionToken)).not.toBeNull();
      },
    );

    methodCase(
      "deleteSessionsByUser",
      "deleteSessionsByUser with except naming another user's session deletes all of the user's and not that one",
      async () => {
        const { user } = await userWithSessions(2);
        const other = await userWithSessions(1);
        const othersToken = other.sessions[0]!.sessionToken;
        expect(await adapter.deleteSessionsByUser(user.id, { except: othersToken })).toBe(2);
        expect(await read.session(othersToken)).not.toBeNull();
      },
    );

    methodCase(
      "deleteSessionsByUser",
      "deleteSessionsByUser answers 0 for a user without sessions",
      async () => {
        const user = await adapter.createUser(newUser());
        expect(await adapter.deleteSessionsByUser(user.id)).toBe(0);
        expect(await adapter.deleteSessionsByUser(randomId(), { except: randomId() })).toBe(0);
      },
    );

    methodCase(
      "deleteSessionsByIdpSession",
      "deleteSessionsByIdpSession deletes the sessions of every user in that provider session, expired ones included, and answers them",
      async () => {
        const idp = { provider: "conformance-idp", idpSessionId: randomId() };
        const alice = await userWithSessions(2);
        const bob = await userWithSessions(1);
        // Alice's expired session and one of Bob's were started in the same provider session.
        const ended = [
          newDetailedSession(alice.user.id, { ...idp, expires: EARLIER }),
          newDetailedSession(alice.user.id, idp),
          newDetailedSession(bob.user.id, idp),
        ];
        for (const session of ended) await adapter.createSession(session);
        // A data layer without room for the sid (sessionDetails false) can find no session by it.
        const keepsSid =
          sessionDetails || (await read.session(ended[1]!.sessionToken))?.idpSessionId === idp.idpSessionId;

        const deleted = [...(await adapter.deleteSessionsByIdpSession(idp))].sort(byToken);

        const expected = keepsSid ? [...ended].sort(byToken) : [];
        expect(deleted.map((s) => s.sessionToken)).toEqual(expected.map((s) => s.sessionToken));
        deleted.forEach((session, i) => {
          expectSession(session, expected[i] as AdapterSession, sessionDetails);
        });
        for (const session of expected) expect(await read.session(session.sessionToken)).toBeNull();
        for (const session of [...alice.sessions, ...bob.sessions])
          expect(await read.session(session.sessionToken)).not.toBeNull();
      },
    );

    methodCase(
      "deleteSessionsByIdpSession",
      "deleteSessionsByIdpSession leaves the same sid of another provider alone, and answers [] when nothing matches",
      async () => {
        const { user } = await userWithSessions(0);
        const idpSessionId = randomId();
        const elsewhere = newDetailedSession(user.id, { provider: "another-idp", idpSessionId });
        await adapter.createSession(elsewhere);

        expect(
          await adapter.deleteSessionsByIdpSession({ provider: "conformance-idp", idpSessionId }),
        ).toEqual([]);
        expect(
          await adapter.deleteSessionsByIdpSession({ provider: randomId(), idpSessionId: randomId() }),
        ).toEqual([]);
        expect(await read.session(elsewhere.sessionToken)).not.toBeNull();
      },
    );
  });
}
