import type { Adapter } from "@portcullis/core/adapters";
import { copy, type MemoryStore, pairKey } from "./store";

type VerificationTokenMethods = Required<Pick<Adapter, "createVerificationToken" | "useVerificationToken">>;

/** The verification-token methods of the memory adapter. */
export function verificationTokenMethods({ tokens }: MemoryStore): VerificationTokenMethods {
  return {
    async createVerificationToken(token) {
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
