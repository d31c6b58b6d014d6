/**
 * The client against a real Portcullis server on loopback: every helper over real HTTP, with a
 * cookie-keeping fetch standing in for the browser and a recorder standing in for navigation.
 */
import {
  configureClient,
  getCsrfToken,
  getProviders,
  getSession,
  signIn,
  signOut,
  updateSession,
} from "@portcullis/client";
import { skipCSRFCheck } from "@portcullis/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Browser,
  browser,
  type PortcullisApp,
  signInAsAlice as signInAsAliceIn,
  startPortcullis,
} from "./helpers";

let server: PortcullisApp;
let origin: string;
let b: Browser;

beforeAll(async () => {
  server = await startPortcullis();
  origin = server.app.url;
});
afterAll(() => server.app.close());

afterEach(() => configureClient({}));

/** Signs the test browser in as alice without navigating. */
async function signInAsAlice(): Promise<void> {
  expect((await signInAsAliceIn(b))?.ok).toBe(true);
}

describe("reading", () => {
  beforeAll(() => {
    b = browser(origin);
  });

  it("getCsrfToken answers a 64-hex-digit token and stores the CSRF cookie", async () => {
    const token = await getCsrfToken(b.options);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(b.jar.get("authjs.csrf-token")).toMatch(new RegExp(`^${token}%7C[0-9a-f]{64}$`));
  });

  it("getProviders lists every configured provider with its type and URLs", async () => {
    const providers = await getProviders(b.options);
    expect(Object.keys(providers ?? {})).toEqual(["credentials", "email", "github"]);
    expect(providers?.github).toEqual({
      id: "github",
      name: "GitHub",
      type: "oauth",
      signinUrl: `${origin}/auth/signin/github`,
      callbackUrl: `${origin}/auth/callback/github`,
    });
    expect(providers?.email?.type).toBe("email");
    expect(providers?.credentials?.type).toBe("credentials");
  });

  it("getSession answers null before any sign-in", async () => {
    expect(await getSession(b.options)).toBeNull();
  });
});

describe("credentials", () => {
  beforeEach(() => {
    b = browser(origin);
  });

  it("signs in without navigating when redirect is false, and getSession then answers the user", async () => {
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wonderland",
      redirectTo: "/dashboard",
      redirect: false,
    });
    expect(result).toEqual({
      error: undefined,
      code: undefined,
      status: 200,
      ok: true,
      url: `${origin}/dashboard`,
    });
    expect(b.visits).toEqual([]);
    const session = await getSession(b.options);
    expect(session?.user).toEqual({ name: "Alice", email: "alice@example.com" });
    expect(Date.parse(session?.expires ?? "")).toBeGreaterThan(Date.now());
  });

  it("reports a wrong password as CredentialsSignin with code credentials and stays signed out", async () => {
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "looking-glass",
      redirect: false,
    });
    expect(result).toEqual({
      error: "CredentialsSignin",
      code: "credentials",
      status: 200,
      ok: false,
      url: null,
    });
    expect(await getSession(b.options)).toBeNull();
  });

  it("posts the credentials with the CSRF token and callbackUrl to the callback action", async () => {
    const seen: URLSearchParams[] = [];
    const recording = browser(origin);
    const send = recording.options.fetch ?? fetch;
    const options = {
      ...recording.options,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === "POST") seen.push(new URLSearchParams(String(init.body)));
        return send(input, init);
      },
    };
    await signIn("credentials", { ...options, username: "alice", password: "wonderland", redirectTo: "/x" });
    expect(recording.requests.at(-1)).toBe(`POST ${origin}/auth/callback/credentials`);
    const form = Object.fromEntries(seen[0] ?? []);
    expect(form).toEqual({
      username: "alice",
      password: "wonderland",
      callbackUrl: "/x",
      csrfToken: expect.any(String),
    });
    expect(form.csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it("navigates to the callbackUrl after a successful sign-in by default", async () => {
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wonderland",
      callbackUrl: "/welcome",
    });
    expect(result).toBeUndefined();
    expect(b.visits).toEqual([`${origin}/welcome`]);
    expect((await getSession(b.options))?.user?.email).toBe("alice@example.com");
  });

  it("navigates to the sign-in page with the error after a failed sign-in by default", async () => {
    await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "nope",
      redirectTo: "/welcome",
    });
    const visited = new URL(b.visits[0] ?? "");
    expect(`${visited.origin}${visited.pathname}`).toBe(`${origin}/auth/signin`);
    expect(visited.searchParams.get("error")).toBe("CredentialsSignin");
    expect(visited.searchParams.get("code")).toBe("credentials");
  });
});

describe("email and OAuth", () => {
  beforeEach(() => {
    b = browser(origin);
    server.links.length = 0;
  });

  it("sends the magic link and navigates to the verify-request page", async () => {
    await signIn("email", { ...b.options, email: "bob@example.com", redirectTo: "/inbox" });
    expect(b.visits).toEqual([`${origin}/auth/verify-request?provider=email&type=email`]);
    expect(server.links.map((l) => l.identifier)).toEqual(["bob@example.com"]);
  });

  it("returns the verify-request URL for email with redirect false, and the link then signs in", async () => {
    const result = await signIn("email", { ...b.options, email: "carol@example.com", redirect: false });
    expect(result).toEqual({
      error: undefined,
      code: undefined,
      status: 200,
      ok: true,
      url: `${origin}/auth/verify-request?provider=email&type=email`,
    });
    const link = server.links[0]?.url ?? "";
    expect(new URL(link).searchParams.get("email")).toBe("carol@example.com");
    await b.options.fetch?.(link);
    expect((await getSession(b.options))?.user?.email).toBe("carol@example.com");
  });

  it("passes authorizationParams on to the authorization URL and always navigates for OAuth", async () => {
    const result = await signIn(
      "github",
      { ...b.options, redirect: false },
      { login: "alice", allow_signup: "false" },
    );
    expect(result).toBeUndefined();
    expect(b.requests.at(-1)).toBe(`POST ${origin}/auth/signin/github?login=alice&allow_signup=false`);
    const authorization = new URL(b.visits[0] ?? "");
    expect(`${authorization.origin}${authorization.pathname}`).toBe(
      "https://github.com/login/oauth/authorize",
    );
    expect(authorization.searchParams.get("login")).toBe("alice");
    expect(authorization.searchParams.get("allow_signup")).toBe("false");
    expect(authorization.searchParams.get("client_id")).toBe("client-id");
  });

  it("accepts authorizationParams as a string, pairs or URLSearchParams", async () => {
    for (const params of [
      "prompt=login",
      [["prompt", "login"]] as [string, string][],
      new URLSearchParams("prompt=login"),
    ]) {
      await signIn("github", b.options, params);
    }
    expect(b.visits.map((url) => new URL(url).searchParams.get("prompt"))).toEqual([
      "login",
      "login",
      "login",
    ]);
  });

  it("navigates to the sign-in page with the callbackUrl when no provider is given", async () => {
    await signIn(undefined, { ...b.options, redirectTo: "/after" });
    expect(b.visits).toEqual([`${origin}/auth/signin?callbackUrl=%2Fafter`]);
    expect(b.requests).toEqual([`GET ${origin}/auth/providers`]);
  });

  it("navigates to the sign-in page for a provider the server does not offer", async () => {
    await signIn("toString", { ...b.options, callbackUrl: "/after" });
    await signIn("gitlab", { ...b.options, callbackUrl: "/after" });
    expect(b.visits).toEqual([
      `${origin}/auth/signin?callbackUrl=%2Fafter`,
      `${origin}/auth/signin?callbackUrl=%2Fafter`,
    ]);
    expect(b.requests.filter((r) => r.startsWith("POST"))).toEqual([]);
  });
});

describe("session update and sign-out", () => {
  beforeEach(() => {
    b = browser(origin);
  });

  it("updateSession runs the jwt callback with trigger update and answers the new session", async () => {
    await signInAsAlice();
    const updated = await updateSession({ name: "Alice Liddell" }, b.options);
    expect(updated?.user?.name).toBe("Alice Liddell");
    expect((await getSession(b.options))?.user?.name).toBe("Alice Liddell");
  });

  it("updateSession answers null without a session", async () => {
    expect(await updateSession({ name: "Nobody" }, b.options)).toBeNull();
  });

  it("signOut with redirect false answers the URL and ends the session", async () => {
    await signInAsAlice();
    expect(await signOut({ ...b.options, redirect: false, redirectTo: "/goodbye" })).toEqual({
      url: `${origin}/goodbye`,
    });
    expect(b.visits).toEqual([]);
    expect(await getSession(b.options)).toBeNull();
  });

  it("signOut sends `federated` when given, and leaves it out otherwise", async () => {
    const posted: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === "POST") posted.push(await request.clone().text());
      return b.options.fetch!(request);
    };
    await signInAsAlice();
    await signOut({ ...b.options, fetch: recording, redirect: false, federated: true });
    await signInAsAlice();
    await signOut({ ...b.options, fetch: recording, redirect: false, federated: false });
    await signOut({ ...b.options, fetch: recording, redirect: false });
    const fields = posted.map((body) => new URLSearchParams(body).get("federated"));
    expect(fields).toEqual(["true", "false", null]);
  });

  // A page's own `error` (a custom sign-in page reached as /login?error=SessionRequired) is no
  // refusal: going back to the page asked for is success, whatever its URL carries.
  it.each(["/login?error=SessionRequired", "/reports?error=none&page=2"])(
    "signOut back to %s signs out, navigates there and does not reject",
    async (page) => {
      await signInAsAlice();
      expect(await signOut({ ...b.options, redirectTo: page })).toBeUndefined();
      expect(b.visits).toEqual([`${origin}${page}`]);
      expect(await getSession(b.options)).toBeNull();
    },
  );

  it("signIn back to a page whose URL carries an error answers ok, with that page", async () => {
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wonderland",
      redirectTo: `${origin}/login?error=SessionRequired`,
      redirect: false,
    });
    expect(result).toEqual({
      error: undefined,
      code: undefined,
      status: 200,
      ok: true,
      url: `${origin}/login?error=SessionRequired`,
    });
    expect((await getSession(b.options))?.user?.name).toBe("Alice");
  });

  it("signIn with a wrong password reports the error even when the page asked for carries one", async () => {
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wrong",
      redirectTo: "/login?error=SessionRequired",
      redirect: false,
    });
    expect(result).toMatchObject({ ok: false, error: "CredentialsSignin", code: "credentials", url: null });
  });

  it("signOut navigates to the callbackUrl by default", async () => {
    await signInAsAlice();
    expect(await signOut({ ...b.options, callbackUrl: "/bye" })).toBeUndefined();
    expect(b.visits).toEqual([`${origin}/bye`]);
    expect(await getSession(b.options)).toBeNull();
  });
});

describe("configuration", () => {
  it("configureClient sets the defaults that calls without options use", async () => {
    b = browser(origin);
    configureClient(b.options);
    await signIn("credentials", { username: "alice", password: "wonderland", redirectTo: "/home" });
    expect(b.visits).toEqual([`${origin}/home`]);
    expect((await getSession())?.user?.name).toBe("Alice");
  });

  it("options of a call override the configured defaults", async () => {
    configureClient({ ...browser(origin).options, basePath: "/wrong" });
    b = browser(origin);
    expect(await getSession({ ...b.options, basePath: "/auth/" })).toBeNull();
    expect(b.requests).toEqual([`GET ${origin}/auth/session`]);
  });

  it("talks to a server under another basePath", async () => {
    const other = await startPortcullis({ basePath: "/api/auth" });
    try {
      b = browser(other.app.url);
      const options = { ...b.options, basePath: "/api/auth" };
      await signIn("credentials", { ...options, username: "alice", password: "wonderland", redirectTo: "/" });
      expect(b.visits).toEqual([`${other.app.url}/`]);
      expect((await getSession(options))?.user?.name).toBe("Alice");
    } finally {
      await other.app.close();
    }
  });

  it("uses an empty CSRF token when the server skips the CSRF check, and sign-in still works", async () => {
    const other = await startPortcullis({ skipCSRFCheck });
    try {
      b = browser(other.app.url);
      expect(await getCsrfToken(b.options)).toBe("");
      await signInAsAlice();
      expect((await getSession(b.options))?.user?.name).toBe("Alice");
    } finally {
      await other.app.close();
    }
  });

  it("rejects outside a browser when no baseUrl is given", async () => {
    await expect(getSession()).rejects.toThrow(/baseUrl/);
    await expect(getCsrfToken()).rejects.toThrow(/baseUrl/);
    await expect(signOut({ redirect: false })).rejects.toThrow(/baseUrl/);
  });
});
