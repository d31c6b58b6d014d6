import { isDate } from "@portcullis/core/adapters";
import { describe, expect, test } from "vitest";
import type { SuiteContext } from "../context";
import { newVerificationToken, randomId } from "../fixtures";

/** Registers the cases for single-use email verification tokens. */
export function verificationTokenCases({ adapter, read }: SuiteContext): void {
  describe("verification tokens", () => {
    test("createVerificationToken returns the token or nothing", async () => {
      const token = newVerificationToken();
      const created = await adapter.createVerificationToken(token);
      if (created != null) expect(created).toEqual(token);
      if (read.verificationToken) expect(await read.verificationToken(token)).toEqual(token);
    });

    test("useVerificationToken returns the token once with expires as a Date", async () => {
      const token = newVerificationToken();
      await adapter.createVerificationToken(token);
      const used = await adapter.useVerificationToken(token);
      expect(used).toEqual(token);
      expect(isDate(used?.expires)).toBe(true);
      if (read.verificationToken) expect(await read.verificationToken(token)).toBeNull();
    });

    test("a used verification token cannot be used again", async () => {
      const token = newVerificationToken();
      await adapter.createVerificationToken(token);
      await adapter.useVerificationToken(token);
      expect(await adapter.useVerificationToken(token)).toBeNull();
    });

    test("a verification token used with another identifier answers null and stays usable", async () => {
      const token = newVerificationToken();
      await adapter.createVerificationToken(token);
      const attempt = { identifier: `${randomId()}@example.test`, token: token.token };
      expect(await adapter.useVerificationToken(attempt)).toBeNull();
      expect(await adapter.useVerificationToken(token)).toEqual(token);
    });

    test("useVerificationToken answers null for an unknown token", async () => {
      const token = newVerificationToken();
      await adapter.createVerificationToken(token);
      expect(
        await adapter.useVerificationToken({ identifier: token.identifier, token: randomId() }),
      ).toBeNull();
    });

    test("of concurrent uses of one token exactly one gets it", async () => {
      const tokens = [
        newVerificationToken(),
        newVerificationToken(),
        newVerificationToken(),
        newVerificationToken(),
      ];
      for (const token of tokens) await adapter.createVerificationToken(token);
      // Every use is in flight at once: an adapter that reads and then deletes in two
      // unsynchronised steps lets several callers see the row, and a magic link could be replayed.
      // Several tokens with three callers each make such a race show up on every run.
      const uses = tokens.map((token) =>
        Promise.all([1, 2, 3].map(() => adapter.useVerificationToken({ ...token }))),
      );
      const results = await Promise.all(uses);
      const winners = results.map((attempts) => attempts.filter((result) => result !== null));
      expect(winners).toEqual(tokens.map((token) => [token]));
    });
  });
}
