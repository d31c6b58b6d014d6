/**
 * An app's auth code written as the Auth.js docs show it (module augmentation of the session and
 * the token, the `jwt` and `session` callbacks), with only the package names changed. It is
 * type-checked on its own by augmentation.test.ts: the augmentation applies to the whole program
 * that includes it, so the repository's type-check leaves it out.
 */
import { useSession } from "@portcullis/client/react";
import type { JWT } from "@portcullis/core/jwt";
import Credentials from "@portcullis/core/providers/credentials";
import NextAuth, { type DefaultSession, type Session } from "@portcullis/next";

declare module "@portcullis/next" {
  interface Session {
    user: { role: string } & DefaultSession["user"];
  }
}

declare module "@portcullis/core/jwt" {
  interface JWT {
    role?: string;
  }
}

export const { handlers, auth, signIn } = NextAuth({
  providers: [Credentials({ authorize: async () => ({ id: "1", name: "Alice" }) })],
  callbacks: {
    jwt({ token, user, account, profile, trigger, session }) {
      if (user) token.role = account?.provider === "credentials" ? "member" : String(profile?.role);
      // `session` is whatever the client sent to update(): `any`, as in Auth.js.
      if (trigger === "update" && session?.role) token.role = session.role;
      return token;
    },
    session({ session, token, user }) {
      session.user.role = token.role ?? "member";
      session.user.id = token.sub ?? user.id;
      // @ts-expect-error the augmented role is a string
      session.user.role = 5;
      return session;
    },
  },
});

/** A server component reading the augmented session. */
export async function ServerRole(): Promise<string | undefined> {
  const session: Session | null = await auth();
  return session?.user.role;
}

/** A client component: useSession's data is the same augmented Session. */
export function ClientRole(): string | undefined {
  const { data } = useSession();
  const same: Session | null = data;
  return same?.user.role;
}

/** The augmented token, as getToken and the jwt callback type it. */
export const token: JWT = { role: "admin", sub: "1" };
