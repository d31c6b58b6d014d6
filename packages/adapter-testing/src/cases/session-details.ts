import { describe, test } from "vitest";
import type { SuiteContext } from "../context";
import { LATER, MUCH_LATER, newDetailedSession, newUser } from "../fixtures";
import { expectSession } from "../session-checks";

/** When the core records that a session was used, a fixed instant after it began. */
const SEEN = new Date("2026-05-06T07:08:09.000Z");

/**
 * Registers the cases for the session details the core passes (`createdAt`, `lastSeenAt`,
 * `userAgent`): stored and answered exactly where the adapter says it stores them, accepted and
 * never garbled everywhere else.
 */
export function sessionDetailCases({ adapter, read, sessionDetails }: SuiteContext): void {
  const title = (stored: string, accepted: string) =>
    sessionDetails ? stored : `${accepted} (sessionDetails off: each detail as given or absent)`;

  describe("session details", () => {
    test(
      title(
        "createSession stores createdAt, lastSeenAt and userAgent and every read answers them",
        "createSession accepts createdAt, lastSeenAt and userAgent",
      ),
      async () => {
        const user = await adapter.createUser(newUser());
        const session = newDetailedSession(user.id);
        expectSession(await adapter.createSession(session), session, sessionDetails);
        expectSession(
          (await adapter.getSessionAndUser(session.sessionToken))?.session,
          session,
          sessionDetails,
        );
        expectSession(await read.session(session.sessionToken), session, sessionDetails);
      },
    );

    test(
      title(
        "updateSession with lastSeenAt persists it with the new expiry and keeps the other details",
        "updateSession accepts lastSeenAt and still moves the expiry",
      ),
      async () => {
        const user = await adapter.createUser(newUser());
        const session = newDetailedSession(user.id, { expires: LATER });
        await adapter.createSession(session);
        const expected = { ...session, expires: MUCH_LATER, lastSeenAt: SEEN };
        const updated = await adapter.updateSession({
          sessionToken: session.sessionToken,
          expires: MUCH_LATER,
          lastSeenAt: SEEN,
        });
        expectSession(updated, expected, sessionDetails);
        expectSession(
          (await adapter.getSessionAndUser(session.sessionToken))?.session,
          expected,
          sessionDetails,
        );
        expectSession(await read.session(session.sessionToken), expected, sessionDetails);
      },
    );
  });
}
