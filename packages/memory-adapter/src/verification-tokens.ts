import type { Adapter } from "@portcullis/core/adapters";
import { copy, type MemoryStore, pairKey } from "./store";

type VerificationTokenMethods = Required<Pick<Adapter, "createVerificationToken" | "useVerificationToken">>;

/** The verification-token methods of the memory adapter. */
export function verificationTokenMethods({ tokens }: MemoryStore): VerificationTokenMethods {
  return {
    async createVerificationToken(token) {
      // Tokens nobody uses (a passkey challenge per anonymous options request, an unclicked
      // magic link) would otherwise stay for the life of the process: each new token removes
      // the expired ones, so the map holds at most what was created within one token lifetime.
      // Expiry is judged by this process's clock; a token that arrives expired by it comes from
      // a caller with another clock (a test's fixed `now`), whose live tokens may all look
      // expired here, so then nothing is removed.
      const now = Date.now();
      if (new Date(token.expires).getTime() > now) {
        for (const [key, stored] of tokens) {
          if (new Date(stored.expires).getTime() < now) tokens.delete(key);
        }
      }
      tokens.set(pairKey(token.identifier, token.token), copy(token));
      return copy(token);
    },
    async useVerificationToken({ identifier, token }) {
      // Read and delete with no await in between: JavaScript runs this to completion, so of two
      // concurrent calls only the first sees the token and a magic link works once.
      const key = pairKey(identifier, token);
      const stored = tokens.get(key);
      tokens.delete(key);
      return stored ?? null;
    },
  };
}
