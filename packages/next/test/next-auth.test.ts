import { memorySessionStore, type SessionInfo } from "@portcullis/core";
import {
  ALICE,
  integrationConfig,
  SESSION_COOKIE,
  signInAsAlice,
  type TestClient,
} from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureConfigs } from "./app/fixture";
import {
  buildFixture,
  type FixtureBuild,
  type FixtureServer,
  startFixture,
  withProtectedRoute,
} from "./helpers";

let build: FixtureBuild | undefined;
let server: FixtureServer | undefined;
const logged: Error[] = [];
const warned: string[] = [];
const logger = { error: (error: Error) => logged.push(error), warn: (code: string) => warned.push(code) };
const configs: FixtureConfigs = {
  config: withProtectedRoute(integrationConfig({ logger })),
  broken: integrationConfig({ trustHost: false }),
};

beforeAll(async () => {
  build = await buildFixture();
  server = await startFixture();
  server.use(configs);
}, 240_000);

afterAll(async () => {
  await server?.close();
  await build?.remove();
});

function app(): FixtureServer {
  if (!server) throw new Error("The Next.js server did not start.");
  return server;
}

/** Server-side signIn through the fixture's route handler; answers its status and JSON. */
async function serverSignIn(client: TestClient, options: Record<string, unknown>) {
  const response = await client.post("/actions/sign-in", { json: { provider: "credentials", ...options } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const alice = { username: "alice", password: "wonderland", redirect: false };

describe("auth() and auth(handler)", () => {
  it("a route handler wrapped by auth() sees the session as request.auth", async () => {
    const client = app().client();
    expect(await (await client.get("/wrapped")).json()).toEqual({ auth: null });
    await signInAsAlice(client);
    const body = (await (await client.get("/wrapped")).json()) as { auth: { user: unknown } };
    expect(body.auth.user).toEqual(ALICE);
  });
});

describe("SessionProvider in a server component", () => {
  it("renders the provider from a server component, showing the session it was given", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const response = await client.get("/with-provider");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("authenticated|Alice");
  });
});

describe("auth in the Pages Router", () => {
  it("auth(req, res) in an API route answers the session and refreshes its cookie", async () => {
    const client = app().client();
    expect((await client.get("/api/pages-session")).status).toBe(401);
    await signInAsAlice(client);
    const response = await client.get("/api/pages-session");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: unknown }).user).toEqual(ALICE);
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(cookies).toContain(SESSION_COOKIE);
  });

  it("auth(req, res) fails closed on a tampered session cookie, clearing it as the session route does", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const response = await client.get("/api/pages-session", {
      headers: { cookie: `${SESSION_COOKIE}=${"x".repeat(40)}` },
    });
    expect(response.status).toBe(401);
    const cleared = response.headers.getSetCookie();
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(new RegExp(`^${SESSION_COOKIE.replace(".", "\\.")}=; Max-Age=0;`));
  });

  it("auth(req, res) answers no session, not an error, for a Host that is not a plain host", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const cookie = `${SESSION_COOKIE}=${client.jar.get(SESSION_COOKIE)}`;
    const response = await client.get("/api/pages-session", {
      headers: { cookie, "x-forwarded-host": "evil.example/x" },
    });
    expect(response.status).toBe(401);
  });

  it("auth(context) in getServerSideProps reads the session and refreshes its cookie", async () => {
    const client = app().client();
    expect(await (await client.get("/server-props")).text()).toContain('<p id="email">anonymous</p>');
    await signInAsAlice(client);
    const response = await client.get("/server-props");
    expect(await response.text()).toContain(`<p id="email">${ALICE.email}</p>`);
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(cookies).toContain(SESSION_COOKIE);
  });
});

describe("auth as the proxy (middleware) with an authorized callback", () => {
  it("redirects an anonymous request for /protected to the sign-in page with a callbackUrl", async () => {
    const response = await app().client().get("/protected?tab=1");
    expect(response.status).toBe(307);
    // Next.js may shorten a same-origin Location to a path.
    const location = new URL(response.headers.get("location") ?? "", app().origin);
    expect(location.origin).toBe(app().origin);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe(`${app().origin}/protected?tab=1`);
  });

  it("lets a signed-in request through, with the session on the request and the cookie refreshed", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const response = await client.get("/protected");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: ALICE, proxy: ALICE.email });
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(cookies).toContain(SESSION_COOKIE);
  });
});

describe("server-side signIn, signOut and unstable_update", () => {
  it("signIn with credentials and redirect: false sets the session cookie and answers the URL", async () => {
    const client = app().client();
    const { status, body } = await serverSignIn(client, { ...alice, redirectTo: "/dashboard" });
    expect(status).toBe(200);
    expect(body).toEqual({ url: `${app().origin}/dashboard` });
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
    const me = await client.get("/me");
    expect(((await me.json()) as { user: unknown }).user).toEqual(ALICE);
  });

  it("signIn with a wrong password throws CredentialsSignin with its code and sets no session", async () => {
    const client = app().client();
    logged.length = 0;
    warned.length = 0;
    const { status, body } = await serverSignIn(client, { ...alice, password: "nope" });
    expect(status).toBe(400);
    expect(body).toEqual({ error: "CredentialsSignin", name: "CredentialsSignin", code: "credentials" });
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    // A wrong password is the visitor's doing: a warning, as on the HTTP routes, not an error.
    expect(warned).toContain("credentials-signin-failed");
    expect(logged.map((error) => error.name)).not.toContain("CredentialsSignin");
  });

  it("signIn redirects by default, with the session cookie on the redirect", async () => {
    const client = app().client();
    const response = await client.post("/actions/sign-in", {
      json: { provider: "credentials", username: "alice", password: "wonderland", redirectTo: "/next" },
    });
    expect([303, 307]).toContain(response.status);
    expect(new URL(response.headers.get("location") ?? "", app().origin).href).toBe(`${app().origin}/next`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("signIn without a provider answers the sign-in page with the callbackUrl", async () => {
    const { body } = await serverSignIn(app().client(), {
      provider: undefined,
      redirect: false,
      redirectTo: "/x",
    });
    expect(body).toEqual({ url: `${app().origin}/auth/signin?callbackUrl=%2Fx` });
  });

  it("signOut clears the session and answers the URL", async () => {
    const client = app().client();
    await serverSignIn(client, alice);
    const response = await client.post("/actions/sign-out", {
      json: { redirect: false, redirectTo: "/bye" },
    });
    expect(await response.json()).toEqual({ url: `${app().origin}/bye` });
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await client.get("/me")).status).toBe(401);
  });

  it("unstable_update answers the session when signed in and null without one", async () => {
    const client = app().client();
    expect(await (await client.post("/actions/update", { json: { user: { name: "A" } } })).json()).toBeNull();
    await serverSignIn(client, alice);
    const response = await client.post("/actions/update", { json: { user: { name: "A" } } });
    expect(((await response.json()) as { user: unknown }).user).toEqual(ALICE);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(
      true,
    );
  });
});

describe("session control from server code", () => {
  // Revocable JWT sessions, checked against the store on every read so a revocation shows at once.
  beforeAll(() => {
    const session = { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 } as const;
    app().use({ ...configs, config: withProtectedRoute(integrationConfig({ logger, session })) });
  });
  afterAll(() => app().use(configs));

  async function signedIn(): Promise<TestClient> {
    const client = app().client();
    await signInAsAlice(client);
    return client;
  }
  async function listed(client: TestClient): Promise<SessionInfo[] | null> {
    return ((await (await client.get("/actions/sessions")).json()) as { sessions: SessionInfo[] | null })
      .sessions;
  }
  async function operate(client: TestClient, json: Record<string, unknown>): Promise<Response> {
    return client.post("/actions/sessions", { json });
  }
  const isSignedIn = async (client: TestClient) => (await client.get("/me")).status === 200;

  it("listSessions answers the caller's sessions; revokeSession ends another one, then this one", async () => {
    const laptop = await signedIn();
    const phone = await signedIn();
    expect(await listed(app().client())).toBeNull();
    const sessions = (await listed(phone)) ?? [];
    expect(sessions.map((s) => s.current).sort()).toEqual([false, true]);
    const other = sessions.find((s) => !s.current)!;
    expect(await (await operate(phone, { operation: "revoke", id: other.id })).json()).toEqual({
      revoked: 1,
    });
    expect([await isSignedIn(laptop), await isSignedIn(phone)]).toEqual([false, true]);
    const own = sessions.find((s) => s.current)!;
    expect(await (await operate(phone, { operation: "revoke", id: own.id })).json()).toEqual({ revoked: 1 });
    expect(phone.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await (await operate(phone, { operation: "revoke", id: own.id })).json()).toEqual({
      revoked: null,
    });
  });

  it("revokeOtherSessions keeps this browser; signOutEverywhere ends them all and answers the URL", async () => {
    const [a, b, c] = [await signedIn(), await signedIn(), await signedIn()];
    expect(await (await operate(a, { operation: "revoke-others" })).json()).toEqual({ revoked: 2 });
    expect([await isSignedIn(a), await isSignedIn(b), await isSignedIn(c)]).toEqual([true, false, false]);
    const d = await signedIn();
    const response = await operate(a, { operation: "everywhere", redirect: false, redirectTo: "/bye" });
    expect(await response.json()).toEqual({ url: `${app().origin}/bye` });
    expect(a.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect([await isSignedIn(a), await isSignedIn(d)]).toEqual([false, false]);
  });

  it("signOutEverywhere redirects by default, keeping a foreign redirectTo on the app's origin", async () => {
    const client = await signedIn();
    const response = await operate(client, { operation: "everywhere", redirectTo: "https://evil.example/x" });
    expect([303, 307]).toContain(response.status);
    expect(new URL(response.headers.get("location") ?? "", app().origin).origin).toBe(app().origin);
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("revokeSessions(userId) ends every session of that user, whoever asks", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const admin = app().client();
    expect(await (await operate(admin, { operation: "revoke-user", userId: "u1" })).json()).toEqual({
      revoked: 2,
    });
    expect([await isSignedIn(a), await isSignedIn(b)]).toEqual([false, false]);
  });
});

describe("session control without a session store", () => {
  it("throws UnsupportedStrategy and leaves the session alone", async () => {
    const client = app().client();
    await signInAsAlice(client);
    for (const answer of [
      await client.get("/actions/sessions"),
      await client.post("/actions/sessions", { json: { operation: "everywhere", redirect: false } }),
    ]) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: "UnsupportedStrategy" });
    }
    expect((await client.get("/me")).status).toBe(200);
  });
});

describe("bad input", () => {
  const cases: { name: string; run: (client: TestClient) => Promise<void> }[] = [
    {
      name: "a tampered session cookie: /me answers 401 and /protected redirects",
      run: async (client) => {
        await signInAsAlice(client);
        client.jar.set(SESSION_COOKIE, `${(client.jar.get(SESSION_COOKIE) ?? "").slice(0, -4)}AAAA`);
        expect((await client.get("/me")).status).toBe(401);
        expect((await client.get("/protected")).status).toBe(307);
      },
    },
    {
      name: "a foreign redirectTo on server-side signIn stays on the app's origin",
      run: async (client) => {
        const { body } = await serverSignIn(client, { ...alice, redirectTo: "https://evil.example/steal" });
        expect(new URL(String(body.url)).origin).toBe(app().origin);
      },
    },
    {
      name: "a redirectTo that is no URL (javascript:, control characters) sends the user to the root",
      run: async (client) => {
        for (const redirectTo of ["javascript:alert(1)", "/x\u0000y"]) {
          const { status, body } = await serverSignIn(client, { ...alice, redirectTo });
          expect(status).toBe(200);
          // The engine ignores a callbackUrl it cannot use (and logs why): the app's root.
          expect(body.url).toBe(app().origin);
        }
      },
    },
    {
      name: "a malformed session cookie is no session, never a 500",
      run: async (client) => {
        client.jar.set(SESSION_COOKIE, "%E0%A4%A.not-a-jwe");
        expect((await client.get("/me")).status).toBe(401);
        expect((await client.get("/wrapped")).status).toBe(200);
        expect((await client.get("/protected")).status).toBe(307);
        expect((await client.get("/auth/session")).status).toBe(200);
      },
    },
    {
      name: "a sign-in for an unknown provider answers the sign-in page instead of posting anywhere",
      run: async (client) => {
        const { body } = await serverSignIn(client, { ...alice, provider: "../evil" });
        expect(new URL(String(body.url)).pathname).toBe("/auth/signin");
        expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
      },
    },
  ];
  for (const { name, run } of cases) it(name, () => run(app().client()));
});
