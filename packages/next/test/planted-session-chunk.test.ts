/**
 * `auth` as the proxy, with a session-cookie chunk a sibling subdomain planted
 * (`Domain=.example.com`, `authjs.session-token.0=x`) next to the user's own, unchunked session
 * cookie: the session reads as signed out and nothing is deleted, as for a name sent twice. The
 * proxy must not clear the user's real cookie, which would end the session for good once the
 * planted cookie is gone.
 */
import NextAuth from "@portcullis/next";
import { integrationConfig, SESSION_COOKIE, signInAsAlice, TestClient } from "@portcullis/testkit";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

describe("auth as the proxy with a planted session-cookie chunk", () => {
  it("does not delete the user's own session cookie", async () => {
    const { handlers, auth } = NextAuth({
      ...integrationConfig({ trustHost: undefined }),
      callbacks: { authorized: () => true },
    });
    const browser = new TestClient(
      (request) => (request.method === "POST" ? handlers.POST : handlers.GET)(new NextRequest(request)),
      "http://localhost:3000",
    );
    await signInAsAlice(browser, { basePath: "/api/auth" });
    const own = browser.jar.get(SESSION_COOKIE);
    expect(own).toBeTruthy();

    const response = await auth(
      new NextRequest("http://localhost:3000/dashboard", {
        headers: { host: "localhost:3000", cookie: `${SESSION_COOKIE}=${own}; ${SESSION_COOKIE}.0=planted` },
      }),
    );
    const cleared = response.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/i.test(cookie));
    expect(cleared).toEqual([]);
  });
});
