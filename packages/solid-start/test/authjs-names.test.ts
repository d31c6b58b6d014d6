/**
 * The names `@auth/solid-start`'s README examples import, which the codemod points at
 * `@portcullis/solid-start`: the configuration type `SolidAuthConfig` and the core's `Account`,
 * `DefaultSession`, `Profile` and `User`. The repository's type-check is the assertion that they
 * exist (it fails with TS2305 otherwise); the test also builds the handlers from such a config.
 */
import {
  type Account,
  type DefaultSession,
  type Profile,
  SolidAuth,
  type SolidAuthConfig,
  type User,
} from "@portcullis/solid-start";
import Credentials from "@portcullis/solid-start/providers/credentials";
import { describe, expect, it } from "vitest";

const config: SolidAuthConfig = {
  basePath: "/api/auth",
  providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
  callbacks: {
    signIn: ({ user, account, profile }: { user: User; account?: Account | null; profile?: Profile }) =>
      Boolean(user && (account || !profile)),
    session: ({ session }: { session: DefaultSession }) => session,
  },
};

describe("@auth/solid-start's exported names", () => {
  it("type an app's configuration, which SolidAuth takes", () => {
    const handlers = SolidAuth(config);
    expect([typeof handlers.GET, typeof handlers.POST]).toEqual(["function", "function"]);
  });
});
