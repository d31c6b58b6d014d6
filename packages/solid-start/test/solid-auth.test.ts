import type { SessionInfo } from "@portcullis/core";
import { getSession } from "@portcullis/solid-start";
import {
  ALICE,
  credentialsUrls,
  expectReadNotToExtend,
  SESSION_COOKIE,
  signInAsAlice,
  type TestClient,
  useFixtureServer,
} from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { buildFixture, startFixture } from "./helpers";

const app = useFixtureServer(buildFixture, (fixture) => startFixture(fixture));

/** The JSON `/me` (or another protected route) answers: the status and the session's user. */
async function me(client: TestClient, path = "/me"): Promise<{ status: number; user?: unknown }> {
  const response = await client.get(path);
  const body = (await response.json()) as { user?: unknown };
  return { status: response.status, user: body.user };
}

describe("SolidAuth's catch-all route", () => {
  it("answers the auth actions under /auth", async () => {
    const response = await app().client().get("/auth/csrf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
  });

  it("leaves a route whose path only starts with the base path's letters to the app", async () => {
    const response = await app().client().get("/auth-info");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("app route");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("leaves the app's pages to SolidStart's renderer", async () => {
    const response = await app().client().get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("<h1>Portcullis fixture</h1>");
  });
});

describe("SolidAuth with a configuration given as a function of the request", () => {
  it("serves the auth routes under the basePath the function's configuration sets", async () => {
    const client = app().client();
    const { signinUrl } = await credentialsUrls(client, "/api/auth");
    expect(signinUrl).toBe(`${app().origin}/api/auth/signin/credentials`);
    const response = await signInAsAlice(client, { basePath: "/api/auth" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app().origin}/dashboard`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(await client.session("/api/auth")).toMatchObject({ user: ALICE });
  });

  it("lets getSession read the session with the same function", async () => {
    const client = app().client();
    expect((await me(client, "/api/me")).status).toBe(401);
    await signInAsAlice(client, { basePath: "/api/auth" });
    expect(await me(client, "/api/me")).toEqual({ status: 200, user: ALICE });
  });

  it("answers the core's generic 500 when the function throws, and getSession answers null", async () => {
    const client = app().client();
    await signInAsAlice(client, { basePath: "/api/auth" });
    const headers = { "x-fixture-config": "refuse" };
    const response = await client.get("/api/auth/session", { headers });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "There was a problem with the server configuration." });
    expect((await client.get("/api/me", { headers })).status).toBe(401);
  });
});

describe("getSession", () => {
  it("answers null without a session and the session after a credentials sign-in", async () => {
    const client = app().client();
    expect(await me(client)).toEqual({ status: 401, user: undefined });
    await signInAsAlice(client);
    expect(await me(client)).toEqual({ status: 200, user: ALICE });
  });

  // In process: the fixture app's configuration is fixed, and this needs database sessions.
  it("sets no cookie, so it does not extend a database session either", () =>
    expectReadNotToExtend(getSession));

  it("reads the session in a server function that a page's route data calls", async () => {
    const client = app().client();
    expect(await (await client.get("/")).text()).toContain("Not signed in");
    await signInAsAlice(client);
    expect(await (await client.get("/")).text()).toContain(`Signed in as ${ALICE.name}`);
  });
});

describe("listSessions and revokeSessions", () => {
  // The fixture's `/sessions/` routes use a configuration with a session store (auth routes at
  // /sessions/auth), checked on every read so a revocation shows at once.
  async function signedIn(): Promise<TestClient> {
    const client = app().client();
    await signInAsAlice(client, { basePath: "/sessions/auth" });
    return client;
  }
  async function listed(client: TestClient): Promise<SessionInfo[] | null> {
    return ((await (await client.get("/sessions/list")).json()) as { sessions: SessionInfo[] | null })
      .sessions;
  }

  it("lists the request's user's sessions, and null when signed out", async () => {
    expect(await listed(app().client())).toBeNull();
    await signedIn();
    const phone = await signedIn();
    expect((await listed(phone))?.map((s) => s.current).sort()).toEqual([false, true]);
  });

  it("revokes every session of a user for admin code", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const response = await app()
      .client()
      .post("/sessions/revoke-user", { json: { userId: "u1" } });
    expect(((await response.json()) as { revoked: number }).revoked).toBeGreaterThanOrEqual(2);
    expect([await listed(a), await listed(b)]).toEqual([null, null]);
  });
});

/** A bad request to the app, and what must come back. */
interface BadInputCase {
  name: string;
  /** Sends the request with a client that has signed in as alice. */
  send(client: TestClient): Promise<Response>;
  /** The status expected, or a check of it when the framework decides. */
  status: number | ((status: number) => boolean);
  /**
   * Whether the client is still signed in afterwards: getSession and the framework set no cookies,
   * but the session action clears a session cookie it cannot read, as it should.
   */
  keepsSession: boolean;
}

const badInput: BadInputCase[] = [
  {
    name: "a tampered session cookie gets 401 from /me",
    send: (client) => {
      const token = client.jar.get(SESSION_COOKIE) ?? "";
      return client.get("/me", { headers: { cookie: `${SESSION_COOKIE}=${token.slice(0, -4)}AAAA` } });
    },
    status: 401,
    keepsSession: true,
  },
  {
    name: "a Cookie header that is not name=value pairs gets 401 from /me",
    send: (client) => client.get("/me", { headers: { cookie: "===;;; authjs.session-token; =x" } }),
    status: 401,
    keepsSession: true,
  },
  {
    name: "a session cookie with broken percent-encoding gets 401 from /me",
    send: (client) => client.get("/me", { headers: { cookie: `${SESSION_COOKIE}=%E0%A4%A` } }),
    status: 401,
    keepsSession: true,
  },
  {
    name: "a malformed Cookie header gets the session action's 200 null, not a 500",
    send: (client) => client.get("/auth/session", { headers: { cookie: "%%%; ;=;authjs.session-token=%" } }),
    status: 200,
    keepsSession: false,
  },
  {
    name: "an unknown auth action gets 400 from the core",
    send: (client) => client.get("/auth/nope"),
    status: 400,
    keepsSession: true,
  },
  {
    name: "a sign-in with a malformed JSON body gets 400 from the core",
    send: (client) =>
      client.post("/auth/callback/credentials", {
        body: "{",
        headers: { "content-type": "application/json" },
      }),
    status: 400,
    keepsSession: true,
  },
  {
    name: "PUT on an auth route gets SolidStart's own answer, not a 500",
    send: (client) => client.request("PUT", "/auth/session"),
    status: (status) => status < 500,
    keepsSession: true,
  },
  {
    name: "DELETE on an auth route gets SolidStart's own answer, not a 500",
    send: (client) => client.request("DELETE", "/auth/signout"),
    status: (status) => status < 500,
    keepsSession: true,
  },
];

describe("bad input", () => {
  it.each(badInput)("$name", async ({ send, status, keepsSession }) => {
    const client = app().client();
    await signInAsAlice(client);
    const response = await send(client);
    if (typeof status === "number") expect(response.status).toBe(status);
    else expect(status(response.status), `status ${response.status}`).toBe(true);
    expect((await me(client)).status).toBe(keepsSession ? 200 : 401);
  });

  it("methods other than GET and POST never reach the core: no auth cookies are set", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await app().client().request(method, "/auth/csrf");
      expect(response.status).toBeLessThan(500);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});
