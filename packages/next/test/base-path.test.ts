/**
 * Where NextAuth's route handlers answer: next-auth's `/api/auth` unless the configuration says
 * otherwise. The handlers and `auth` as middleware are called directly with Web requests (no
 * `next build`): neither needs Next.js's request scope.
 */

import NextAuth from "@portcullis/next";
import { integrationConfig } from "@portcullis/testkit";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://localhost:3000";

function get(path: string): NextRequest {
  return new NextRequest(`${ORIGIN}${path}`, { headers: { host: "localhost:3000" } });
}

describe("the default basePath", () => {
  it("answers the session at /api/auth/session, where next-auth apps mount their route", async () => {
    const { handlers } = NextAuth(integrationConfig());
    const response = await handlers.GET(get("/api/auth/session"));
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it("lists the providers' URLs under /api/auth", async () => {
    const { handlers } = NextAuth(() => integrationConfig());
    const response = await handlers.GET(get("/api/auth/providers"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      credentials: {
        signinUrl: `${ORIGIN}/api/auth/signin/credentials`,
        callbackUrl: `${ORIGIN}/api/auth/callback/credentials`,
      },
    });
  });

  it("answers 400 under /auth unless the configuration sets basePath: /auth", async () => {
    expect((await NextAuth(integrationConfig()).handlers.GET(get("/auth/session"))).status).toBe(400);
    const mounted = NextAuth(integrationConfig({ basePath: "/auth" }));
    expect((await mounted.handlers.GET(get("/auth/session"))).status).toBe(200);
  });

  it("sends middleware's refusals to the sign-in page under /api/auth", async () => {
    const { auth } = NextAuth({ ...integrationConfig(), callbacks: { authorized: () => false } });
    const response = await auth(get("/dashboard?tab=1"));
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.pathname).toBe("/api/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard?tab=1`);
  });
});
