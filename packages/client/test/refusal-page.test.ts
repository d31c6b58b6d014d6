/**
 * A refusal on the page a refusal leads to. The server refuses a sign-in or sign-out with its
 * (custom) sign-in page and `?error=...`, and the callback URL defaults to the current page: when
 * the user already stands on that refusal page, the refusal's URL is the one the client asked to
 * return to. The server names the refusal beside the URL, so the client still sees it.
 */
import { getSession, signIn, signOut } from "@portcullis/client";
import { signOut as reactSignOut } from "@portcullis/client/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Browser, browser, type PortcullisApp, signInAsAlice, startPortcullis } from "./helpers";

let server: PortcullisApp;
let origin: string;
let b: Browser;

beforeAll(async () => {
  // An app with its own sign-in page, as most Auth.js apps with a credentials form have.
  server = await startPortcullis({ pages: { signIn: "/login" } });
  origin = server.app.url;
});
afterAll(async () => {
  await server.app.close();
});
afterEach(() => {
  b = undefined as unknown as Browser;
});

describe("signIn(redirect: false) from the page a failed sign-in left the user on", () => {
  it("a wrong password typed again on /login?error=CredentialsSignin&code=credentials is reported as an error", async () => {
    b = browser(origin);
    // The first wrong password (a plain form post, or signIn with redirect) leaves the user here;
    // this is exactly where the server sends a refused credentials sign-in.
    const first = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wrong",
      redirectTo: `${origin}/dashboard`,
      redirect: false,
    });
    expect(first).toMatchObject({ ok: false, error: "CredentialsSignin", code: "credentials" });
    const refusalPage = `${origin}/login?error=CredentialsSignin&code=credentials`;

    // On that page the user tries again (the default redirectTo is the current page).
    const second = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "still-wrong",
      redirectTo: refusalPage,
      redirect: false,
    });
    expect(await getSession(b.options)).toBeNull(); // the server refused it
    // Auth.js's client reports error "CredentialsSignin" here; the app shows "wrong password".
    expect(second).toMatchObject({ ok: false, error: "CredentialsSignin", code: "credentials", url: null });
  });
});

describe("signOut refused on a page whose URL is the refusal URL", () => {
  it("a sign-out the server refused (MissingCSRF) rejects instead of passing for a sign-out", async () => {
    b = browser(origin);
    const ok = await signInAsAlice(b, `${origin}/`);
    expect(ok?.ok).toBe(true);
    // An attacker who can plant cookies (an http:// site, a sibling subdomain) sets a CSRF cookie
    // with Path=/auth/signout: the browser sends it first on the sign-out post only, so /csrf
    // still answers the real token but the sign-out fails its CSRF check. The victim was sent a
    // link to the app's own sign-in page carrying ?error=MissingCSRF.
    const planted = plantedCsrfFetch(b);
    const page = `${origin}/login?error=MissingCSRF`;
    let outcome: string;
    try {
      const answer = await signOut({ ...b.options, fetch: planted, redirectTo: page, redirect: false });
      outcome = `resolved ${JSON.stringify(answer)}`;
    } catch (error) {
      outcome = `rejected ${(error as Error).message}`;
    }
    // The server did not sign the user out: the session is still there.
    expect((await getSession(b.options))?.user?.name).toBe("Alice");
    // So signOut must not resolve as if it had (the React entry would announce a sign-out to all
    // tabs, and the app would tell the user on a shared computer that they are signed out).
    expect(outcome).toMatch(/^rejected/);
  });
});

/**
 * The browser's fetch with a CSRF cookie an attacker planted for Path=/auth/signout: sent first,
 * on the sign-out post only (as browsers order more specific paths first).
 */
function plantedCsrfFetch(tab: Browser): typeof fetch {
  const realFetch = tab.options.fetch as typeof fetch;
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== "POST" || !new URL(request.url).pathname.endsWith("/signout"))
      return realFetch(input, init);
    const headers = new Headers(request.headers);
    headers.set(
      "cookie",
      `authjs.csrf-token=${"a".repeat(64)}%7C${"b".repeat(64)}; ${tab.jar.header() ?? ""}`,
    );
    const response = await fetch(request.url, {
      method: "POST",
      headers,
      body: await request.text(),
      redirect: "manual",
    });
    tab.jar.update(response);
    return response;
  };
}

describe("the React entry's signOut on the refusal page", () => {
  it("announces no sign-out to other tabs when the server refused it", async () => {
    b = browser(origin);
    await signInAsAlice(b, `${origin}/`);
    const otherTab = new BroadcastChannel("portcullis.session");
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    try {
      await reactSignOut({
        ...b.options,
        basePath: "/auth", // the core's default; the React entry's own default is /api/auth
        fetch: plantedCsrfFetch(b),
        redirectTo: `${origin}/login?error=MissingCSRF`,
        redirect: false,
      }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      otherTab.close();
    }
    expect((await getSession(b.options))?.user?.name).toBe("Alice"); // still signed in
    expect(heard).toEqual([]); // no tab is told "signed out"
  });
});

describe("the same refusal on any other page", () => {
  it("signOut rejects", async () => {
    b = browser(origin);
    await signInAsAlice(b, `${origin}/`);
    await expect(
      signOut({ ...b.options, fetch: plantedCsrfFetch(b), redirectTo: `${origin}/`, redirect: false }),
    ).rejects.toThrow(/MissingCSRF/);
    expect((await getSession(b.options))?.user?.name).toBe("Alice");
  });
});
