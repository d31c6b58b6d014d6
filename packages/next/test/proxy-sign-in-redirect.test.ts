/**
 * `auth` as the proxy (middleware) sending a refused request to sign in: a form post is answered
 * 303 so the browser fetches the sign-in page instead of re-posting the form there; the sign-in
 * page is never redirected to itself, slashed or not (`trailingSlash: true`); and the redirect and
 * its callbackUrl keep the app's basePath, while an absolute `pages.signIn` (another host) is used
 * as given. The requests are the NextRequests Next.js hands the proxy (with the app's
 * `nextConfig`), so no `next build` is needed; what the browser does with the answer is followed
 * by hand.
 */
import NextAuth, { type NextAuthConfig } from "@portcullis/next";
import { integrationConfig } from "@portcullis/testkit";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://localhost:3000";
const HOST = { host: "localhost:3000" };

function protectEverything(overrides: Partial<NextAuthConfig> = {}) {
  return NextAuth({
    ...integrationConfig({ trustHost: undefined }),
    ...overrides,
    callbacks: { authorized: ({ auth }) => auth !== null },
  });
}

describe("an anonymous POST to a protected path", () => {
  it("is sent to the sign-in page with a GET (303), not re-posted there with its body", async () => {
    const { auth, handlers } = protectEverything();
    const body = "newPassword=hunter2&confirm=hunter2";
    const refused = await auth(
      new NextRequest(`${ORIGIN}/settings/password`, {
        method: "POST",
        body,
        headers: { ...HOST, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      }),
    );
    const location = refused.headers.get("location") ?? "";
    expect(new URL(location).pathname).toBe("/api/auth/signin");

    // What a browser does next: 307/308 repeat the POST and its body, 301/302/303 fetch with GET.
    const repost = refused.status === 307 || refused.status === 308;
    const next = repost
      ? await handlers.POST(
          new NextRequest(location, {
            method: "POST",
            body,
            headers: { ...HOST, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
          }),
        )
      : await handlers.GET(new NextRequest(location, { headers: { ...HOST, accept: "text/html" } }));

    // The visitor should see the sign-in page, not the "Configuration" error page.
    expect(next.headers.get("location")).toBeNull();
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Sign in");
    // And the protected form's fields never travel to the sign-in page.
    expect(refused.status).not.toBe(307);
  });
});

describe("the sign-in page under Next.js's trailingSlash: true", () => {
  // With trailingSlash: true, Next.js 308s /login to /login/ before the proxy runs: the proxy only
  // ever sees /login/. Redirecting /login/ to /login loops until the browser gives up.
  it("does not redirect the custom sign-in page (/login/) to itself", async () => {
    const { auth } = protectEverything({ pages: { signIn: "/login" } });
    const response = await auth(
      new NextRequest(`${ORIGIN}/login/`, { headers: HOST, nextConfig: { trailingSlash: true } }),
    );
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("does not redirect the built-in sign-in page (/api/auth/signin/) to itself", async () => {
    const { auth } = protectEverything();
    const response = await auth(
      new NextRequest(`${ORIGIN}/api/auth/signin/`, { headers: HOST, nextConfig: { trailingSlash: true } }),
    );
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });
});

describe("a refused request in an app with a Next.js basePath", () => {
  // next.config { basePath: "/app" }: every page lives under /app, and nextUrl.pathname is
  // given without it. Auth.js builds the redirect from nextUrl.clone(), which keeps it.
  it("keeps the app's basePath in the sign-in page URL and in the callbackUrl", async () => {
    const { auth } = protectEverything({ pages: { signIn: "/login" } });
    const response = await auth(
      new NextRequest(`${ORIGIN}/app/dashboard?tab=1`, { headers: HOST, nextConfig: { basePath: "/app" } }),
    );
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/app/dashboard?tab=1`);
    expect(location.pathname).toBe("/app/login");
  });

  it("keeps the request's locale (i18n) in the sign-in page URL and in the callbackUrl", async () => {
    const { auth } = protectEverything({ pages: { signIn: "/login" } });
    const i18n = { locales: ["en", "fr"], defaultLocale: "en" };
    const response = await auth(
      new NextRequest(`${ORIGIN}/fr/dashboard`, { headers: HOST, nextConfig: { i18n } }),
    );
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.pathname).toBe("/fr/login");
    expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/fr/dashboard`);
  });
});

describe("a pages.signIn given as an absolute URL", () => {
  // A sign-in page on another host is used as given, as the core's own redirects use it; the
  // callbackUrl still names the request on the app's own origin.
  it("sends a refused request there, with callbackUrl back to the app", async () => {
    const { auth } = protectEverything({ pages: { signIn: "https://accounts.example.test/login" } });
    const refused = await auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: HOST }));
    expect(refused.status).toBe(307);
    const location = new URL(refused.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe("https://accounts.example.test/login");
    expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard`);
  });

  it("does not redirect the page to itself when it is on the app's own origin", async () => {
    const { auth } = protectEverything({ pages: { signIn: `${ORIGIN}/login` } });
    const response = await auth(new NextRequest(`${ORIGIN}/login`, { headers: HOST }));
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });
});
