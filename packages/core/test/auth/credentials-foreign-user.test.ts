/**
 * Credentials sign-in with database sessions starts the session of the user `authorize` returned,
 * as the adapter stores it. When the adapter's getUser answers a user other than the one asked for
 * (a query that ignores its id, a shared table), the sign-in is refused as any other adapter fault
 * (`Configuration`, an AdapterError in the log) and no session is created for anyone.
 */
import type { Adapter, AdapterUser } from "@portcullis/core";
import { AdapterError } from "@portcullis/core/errors";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { client, config, recordingLogger, signIn } from "./helpers";

const ALICE = { id: "u1", name: "Alice", email: "alice@example.com", emailVerified: null };
const BOB = { id: "u2", name: "Bob", email: "bob@example.com", emailVerified: null };

/** What a broken getUser may answer when asked for Alice (u1). */
const GET_USER_ANSWERS: Array<[string, (bob: AdapterUser) => unknown]> = [
  ["another stored user", (bob) => bob],
  ["a user without an id", ({ id: _, ...bob }) => bob],
  ["something that is not an object", () => "u1"],
];

describe("credentials sign-in with database sessions when getUser answers someone else", () => {
  it.each(GET_USER_ANSWERS)(
    "is refused, with no session for anyone, when getUser answers %s",
    async (_name, answer) => {
      const inner = MemoryAdapter();
      await inner.createUser!(ALICE);
      const bob = await inner.createUser!(BOB);
      const adapter: Adapter = { ...inner, getUser: async () => answer(bob) as AdapterUser };
      const { log, logger } = recordingLogger();
      const browser = client(config({ adapter, logger, session: { strategy: "database" } }));

      const response = await signIn(browser);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
      expect(browser.jar.get("authjs.session-token")).toBeUndefined();
      expect(await inner.listSessionsByUser!(ALICE.id)).toEqual([]);
      expect(await inner.listSessionsByUser!(BOB.id)).toEqual([]);
      expect(log.errors).toEqual([expect.any(AdapterError)]);
      expect(log.errors[0]!.message).toContain("getUser");
    },
  );
});
