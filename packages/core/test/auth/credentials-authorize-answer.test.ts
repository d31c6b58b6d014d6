/**
 * What credentials `authorize` returns becomes the session's identity (`token.sub`, the database
 * session's `userId`), so it is typed first: a user object whose `id` is a non-empty string or a
 * finite number (or absent, for a random one). An id that is no id (an object, which would read
 * "[object Object]" for every user, "", NaN) or an answer that is no user object (`true`, a
 * string) is the app's mistake: refused as `Configuration`, with no session for anyone.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { SECRET } from "./helpers";

const ORIGIN = "http://localhost:3000";
const CONFIGURATION = `${ORIGIN}/auth/error?error=Configuration`;

function app(authorize: (input: Record<string, unknown>) => unknown) {
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: { error() {}, warn() {}, debug() {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" } },
        rateLimit: false,
        authorize: async (input) => authorize(input) as never,
      }),
    ],
    // Expose the session's identity, as apps do.
    callbacks: { session: ({ session, token }) => ({ ...session, userId: token?.sub }) },
  };
  return async (username: string) => {
    const browser = new TestClient((request) => Auth(request, config), ORIGIN);
    const csrfToken = await browser.csrfToken();
    const response = await browser.post("/auth/callback/credentials", { form: { csrfToken, username } });
    return {
      location: response.headers.get("location"),
      session: browser.jar.get("authjs.session-token") ? await browser.session() : null,
    };
  };
}

/** Ids a database driver or an app may hand back that are not a string or a finite number. */
const BAD_IDS: Array<[string, (username: string) => unknown]> = [
  ["an object (a row id wrapper)", (username) => ({ value: username })],
  ["an empty string", () => ""],
  ["NaN", () => Number.NaN],
];

describe("the user authorize returns is typed before it becomes a session", () => {
  it("two different users whose ids are objects do not share one session identity", async () => {
    const signIn = app(({ username }) => ({ id: { value: username }, name: String(username) }));
    const alice = await signIn("alice");
    const bob = await signIn("bob");
    const ids = [alice, bob].map((result) => (result.session as { userId?: string } | null)?.userId);
    // Each is refused (no session) or signed in under an identity of its own, never "[object Object]" for both.
    expect(ids[0] !== undefined && ids[0] === ids[1], `alice and bob share the identity ${ids[0]}`).toBe(
      false,
    );
  });

  it.each(BAD_IDS)(
    "a user whose id is %s is refused (Configuration) and gets no session",
    async (_name, id) => {
      const signIn = app(({ username }) => ({ id: id(String(username)), name: "A" }));
      const result = await signIn("alice");
      expect(result).toEqual({ location: CONFIGURATION, session: null });
    },
  );

  it.each([
    ["true", true],
    ["a string", "alice"],
  ])(
    "an authorize answer that is %s, not a user object, is refused and gets no session",
    async (_name, answer) => {
      const signIn = app(() => answer);
      expect(await signIn("alice")).toEqual({ location: CONFIGURATION, session: null });
    },
  );
});
