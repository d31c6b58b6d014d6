/**
 * An Auth.js adapter given session control: an app adds `listSessionsByUser` and
 * `deleteSessionsByUser` to, say, @auth/prisma-adapter, whose `createSession` hands every field to
 * an ORM model that refuses fields it has no column for. Such an adapter is then given the session
 * fields (createdAt, lastSeenAt, userAgent) as well, so its insert fails on a schema without those
 * columns. The sign-in must fail as a configuration problem whose log names the fields to add,
 * rather than leave the deployer with "createSession failed".
 *
 * The adapter is the memory adapter behind a column check written here: no ORM runs in this
 * package's tests, and the check is what Prisma's validation does for an unknown field.
 */
import type { AdapterSession } from "@portcullis/core/adapters";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { client, config, recordingLogger, signIn } from "../auth/helpers";

/** The columns of Auth.js's Prisma Session model. */
const COLUMNS = new Set(["sessionToken", "userId", "expires", "createdAt", "updatedAt"]);

function strictAdapter() {
  const adapter = MemoryAdapter();
  const createSession = adapter.createSession!;
  adapter.createSession = (session: AdapterSession) => {
    const unknown = Object.keys(session).filter((key) => !COLUMNS.has(key));
    if (unknown.length > 0) throw new Error(`Unknown argument \`${unknown[0]}\`.`);
    return createSession(session);
  };
  return adapter;
}

describe("an adapter with session listing whose table lacks the session fields", () => {
  it("fails the sign-in as a configuration problem, and the log names the fields its table must store", async () => {
    const adapter = strictAdapter();
    await adapter.createUser!({ id: "u1", email: "alice@example.com", emailVerified: null });
    const { log, logger } = recordingLogger();
    const c = client(config({ adapter, session: { strategy: "database" }, logger }));
    const response = await signIn(c);
    expect(response.headers.get("location")).toMatch(/\/auth\/error\?error=Configuration$/);
    expect(c.jar.get("authjs.session-token")).toBeUndefined();
    const message = log.errors.map((error) => error.message).join("\n");
    expect(message).toMatch(
      /createSession failed.*listSessionsByUser.*\(createdAt, lastSeenAt, userAgent\).*nullable columns/,
    );
  });

  it("signs in once the adapter stores them", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", email: "alice@example.com", emailVerified: null });
    const c = client(config({ adapter, session: { strategy: "database" } }));
    await signIn(c);
    expect(await c.session()).toMatchObject({ user: { email: "alice@example.com" } });
  });
});
