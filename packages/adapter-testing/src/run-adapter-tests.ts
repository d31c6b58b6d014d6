import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountTokenCases } from "./cases/account-tokens";
import { accountCases } from "./cases/accounts";
import { authenticatorCases } from "./cases/authenticators";
import { deleteUserCases } from "./cases/delete-user";
import { sessionControlCases } from "./cases/session-control";
import { sessionDetailCases } from "./cases/session-details";
import { sessionCases } from "./cases/sessions";
import { userCases } from "./cases/users";
import { verificationTokenCases } from "./cases/verification-tokens";
import { ADAPTER_METHODS, suiteContext } from "./context";
import type { AdapterTestOptions } from "./options";

/**
 * Registers the Portcullis adapter conformance suite as a vitest `describe` block: users,
 * accounts, sessions (with their details where `sessionDetails` says the adapter stores them),
 * single-use verification tokens (including two concurrent uses of which exactly one wins),
 * authenticators, cascading user deletion, and listing and deleting a user's sessions. Every
 * adapter runs every case of the methods every flow needs; there is no option to skip one, so an
 * adapter that passes can back any Portcullis flow. Only the cases of the optional
 * session-control methods are skipped, each named with the reason, for an adapter without them.
 *
 * Call it at the top level of a test file. Ids are random UUIDs, so the suite can share a
 * database with other tests and runs never collide.
 *
 * @param options The adapter, an optional suite name, whether it stores session details, and
 * optional direct database readers.
 * @throws Never at registration; a missing or misbehaving method fails the cases that use it.
 * @see SPEC.md "Adapter interface"
 * @example
 * ```ts
 * import { runAdapterTests } from "@portcullis/adapter-testing"
 * import { MemoryAdapter } from "@portcullis/memory-adapter"
 *
 * runAdapterTests({ adapter: MemoryAdapter(), name: "MemoryAdapter", sessionDetails: true })
 * ```
 */
export function runAdapterTests(options: AdapterTestOptions): void {
  const context = suiteContext(options);
  describe(options.name ?? "adapter", () => {
    beforeAll(async () => {
      await options.db?.connect?.();
    });
    afterAll(async () => {
      await options.db?.disconnect?.();
    });

    test("implements every adapter method", () => {
      const missing = ADAPTER_METHODS.filter((name) => typeof options.adapter[name] !== "function");
      expect(missing).toEqual([]);
    });

    userCases(context);
    accountCases(context);
    sessionCases(context);
    sessionDetailCases(context);
    sessionControlCases(context);
    verificationTokenCases(context);
    authenticatorCases(context);
    deleteUserCases(context);
    accountTokenCases(context);
  });
}
