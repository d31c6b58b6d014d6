/**
 * Revocable JWT sessions whose `jwt` callback builds its token anew (`user ? { sub, role } :
 * token`, a common Auth.js shape) or leaves claims out on a read. The session's id (`sid`), its
 * last check and the sign-in time are the library's claims: they are carried into the callback's
 * token, so revoking the session still ends the cookie, the session list still knows it, and
 * `session.absoluteMaxAge` still counts from the sign-in. Without this, revocation was off
 * without a word: the admin call answered 1 and the cookie went on reading as Alice.
 */
import { createAuth, type JWT, memorySessionStore } from "@portcullis/core";
import { describe, expect, it } from "vitest";
import { browser, clock, controlConfig, listOf, USERS, whoIs } from "./helpers";

type JwtCallback = (params: { token: JWT; user?: { id?: string; name?: string | null } }) => JWT;

/** The token built from the user at sign-in, as many Auth.js apps write it. */
const builtAnew: JwtCallback = ({ token, user }) =>
  user ? { sub: user.id, name: user.name, role: "member" } : token;

/** A callback that drops the library's claims on every read too. */
const strippedOnRead: JwtCallback = ({ token, user }) =>
  user ? { sub: user.id, name: user.name } : { sub: token.sub, name: token.name };

describe.each([
  ["builds the token anew at sign-in", builtAnew],
  ["leaves the library's claims out on every read", strippedOnRead],
])("a jwt callback that %s", (_, jwt) => {
  const setup = () => {
    const time = clock();
    const config = controlConfig({
      now: time.now,
      session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0, absoluteMaxAge: 3600 },
      callbacks: { jwt: jwt as never },
    });
    return { config, time };
  };

  it("still has its session revoked by the admin call, and listed", async () => {
    const { config } = setup();
    const alice = await browser(config, "alice");
    expect(await whoIs(alice)).toBe("Alice");
    expect((await listOf(alice)).map((session) => session.current)).toEqual([true]);
    expect(await createAuth(config).revokeSessions(USERS.alice!.id)).toBe(1);
    expect(await whoIs(alice)).toBeNull();
  });

  it("still ends at session.absoluteMaxAge", async () => {
    const { config, time } = setup();
    const alice = await browser(config, "alice");
    time.advance(1800);
    expect(await whoIs(alice)).toBe("Alice");
    time.advance(1801);
    expect(await whoIs(alice)).toBeNull();
  });
});
