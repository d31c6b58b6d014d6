import type { SessionInfo } from "@portcullis/core";
import {
  ALICE,
  parseSetCookie,
  SESSION_COOKIE,
  signInAsAlice,
  type TestClient,
  useFixtureServer,
} from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { buildFixture, startFixture } from "./helpers";

const app = useFixtureServer(buildFixture, (fixture) => startFixture(fixture));

const ALICE_FORM = { providerId: "credentials", username: "alice", password: "wonderland" };

/**
 * Submits a form as a browser does without JavaScript: SvelteKit answers an action's redirect with
 * a 303 when the request accepts HTML, and with JSON (as for `use:enhance`) when it accepts anything.
 */
function submit(
  client: TestClient,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return client.post(path, { form, headers: { accept: "text/html", ...headers } });
}

/** Signs in through the `signIn` form action of `/login`. */
function signInByAction(client: TestClient, fields: Record<string, string> = {}): Promise<Response> {
  return submit(client, "/login", { ...ALICE_FORM, ...fields });
}

describe("locals.auth()", () => {
  it("answers null without a session, reading once for two calls", async () => {
    const response = await app().client().get("/me-twice");
    expect(await response.json()).toEqual({ same: true, session: null });
  });

  it("answers the session after sign-in", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const { same, session } = (await (await client.get("/me-twice")).json()) as {
      same: boolean;
      session: { user: unknown };
    };
    expect(same).toBe(true);
    expect(session.user).toEqual(ALICE);
  });

  it("lets a load function send anonymous visitors to the sign-in page and signed-in ones in", async () => {
    const client = app().client();
    const anonymous = await client.get("/protected");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fprotected");
    await signInByAction(client);
    const signedIn = await client.get("/protected");
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain("Protected page");
  });

  it("reads the session without a CSRF token or a redirect callback, and keeps its cookie alive", async () => {
    const client = app().client();
    await signInByAction(client);
    const redirectCalls = async () =>
      ((await (await client.get("/redirect-calls")).json()) as { count: number }).count;
    const before = await redirectCalls();
    for (const path of ["/protected", "/me-twice", "/protected"]) {
      const response = await client.get(path);
      expect(response.status).toBe(200);
      const set = response.headers.getSetCookie().map(parseSetCookie);
      expect(set.map((c) => c.name)).toEqual([SESSION_COOKIE]);
      expect(set[0]?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
      expect(set[0]?.attributes.secure).toBeUndefined();
    }
    expect(await redirectCalls()).toBe(before);
    expect(client.jar.get("authjs.csrf-token")).toBeUndefined();
    expect(((await (await client.get("/me")).json()) as { user: unknown }).user).toEqual(ALICE);
  });
});

describe("locals.getSession(), the name @auth/sveltekit kept for locals.auth()", () => {
  it("serves a page whose load reads the session with getSession(), signed out and in", async () => {
    const client = app().client();
    const anonymous = await client.get("/legacy-session");
    expect(anonymous.status).toBe(200);
    expect(await anonymous.text()).toMatch(/<p id="name">signed out<\/p>\s*<p id="same-read">true<\/p>/);
    await signInByAction(client);
    const signedIn = await client.get("/legacy-session");
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain('<p id="name">Alice</p>');
  });
});

describe("hand-made forms posted to the auth routes without a CSRF token", () => {
  it("signs out with <form method=POST action=/auth/signout> from the app's own pages", async () => {
    const client = app().client();
    await signInByAction(client);
    // The test client sends the page's Origin with every POST, as a browser does.
    const response = await client.post("/auth/signout", { form: { callbackUrl: "/" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app().origin}/`);
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await client.get("/me")).status).toBe(401);
  });

  it("keeps the session when the form comes from another site (SvelteKit's 403)", async () => {
    const client = app().client();
    await signInByAction(client);
    const response = await client.post("/auth/signout", {
      form: {},
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await client.get("/me")).status).toBe(200);
  });
});

describe("the handle hook", () => {
  it("leaves a route that only starts with the base path's letters to the app", async () => {
    const response = await app().client().get("/auth-info");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("app route");
  });

  it("passes methods other than GET and POST under the base path on to the app", async () => {
    const response = await app().client().request("PUT", "/auth/session");
    // No route of the app matches: SvelteKit's own 404, not an answer of the core.
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("the signIn form action", () => {
  it("signs in with credentials: session cookie as the core set it and a 303 to redirectTo", async () => {
    const client = app().client();
    const response = await signInByAction(client, { redirectTo: "/protected" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${app().origin}/protected`);
    const session = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === SESSION_COOKIE);
    expect(session?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
    expect(Date.parse(String(session?.attributes.expires))).toBeGreaterThan(Date.now());
    expect(session?.attributes.secure).toBeUndefined();
    expect(((await (await client.get("/me")).json()) as { user: unknown }).user).toEqual(ALICE);
  });

  it("keeps a foreign redirectTo on the app's origin", async () => {
    const client = app().client();
    const response = await signInByAction(client, { redirectTo: "https://evil.example/steal" });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get("location") ?? "").origin).toBe(app().origin);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("redirects back to the page the form was posted from when redirectTo is absent", async () => {
    const client = app().client();
    const response = await submit(client, "/login", ALICE_FORM, { referer: `${app().origin}/protected` });
    expect(response.headers.get("location")).toBe(`${app().origin}/protected`);
  });

  it("does not sign in with a wrong password and redirects to the sign-in page with the error", async () => {
    const client = app().client();
    const response = await signInByAction(client, { password: "nope", redirectTo: "/protected" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(`${app().origin}/auth/signin`);
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(location.searchParams.get("code")).toBe("credentials");
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    // The visitor's doing: logged as a warning, not an error.
    expect(
      app()
        .warned()
        .map((w) => w.warning),
    ).toContain("credentials-signin-failed");
  });

  it("sends authorizationParams-<name> fields to the provider's authorization endpoint as <name>", async () => {
    const response = await submit(app().client(), "/login-oauth", {
      providerId: "example",
      "authorizationParams-prompt": "login",
      "authorizationParams-login_hint": "alice@example.com",
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("https://idp.example/authorize");
    expect(location.searchParams.get("prompt")).toBe("login");
    expect(location.searchParams.get("login_hint")).toBe("alice@example.com");
    expect(location.searchParams.get("client_id")).toBe("fixture-client");
    expect([...location.searchParams.keys()].filter((key) => key.startsWith("authorizationParams"))).toEqual(
      [],
    );
  });

  it("answers an enhanced form (use:enhance) with SvelteKit's redirect JSON", async () => {
    const client = app().client();
    const response = await client.post("/login", {
      form: { ...ALICE_FORM, redirectTo: "/protected" },
      headers: { "x-sveltekit-action": "true", accept: "application/json" },
    });
    expect(await response.json()).toEqual({
      type: "redirect",
      status: 303,
      location: `${app().origin}/protected`,
    });
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("is refused by SvelteKit's origin check when posted from another site", async () => {
    const client = app().client();
    const response = await client.post("/login", {
      form: ALICE_FORM,
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
  });
});

describe("the signOut form action", () => {
  it("clears the session and redirects to redirectTo", async () => {
    const client = app().client();
    await signInByAction(client);
    const response = await submit(client, "/logout", { redirectTo: "/" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${app().origin}/`);
    const cleared = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe("");
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await client.get("/me")).status).toBe(401);
  });
});

describe("locals.sessions and revokeSessions", () => {
  // The fixture's `/sessions/` routes run on a configuration with a session store, its auth routes
  // at /sessions/auth; the store is checked on every read, so a revocation shows at once.
  async function signedIn(): Promise<TestClient> {
    const client = app().client();
    await signInAsAlice(client, { basePath: "/sessions/auth" });
    return client;
  }
  async function listed(client: TestClient) {
    return (await (await client.get("/sessions/list")).json()) as {
      sessions: SessionInfo[] | null;
      signedIn: boolean;
    };
  }
  async function operate(client: TestClient, operation: string, json: Record<string, string> = {}) {
    return (await (await client.post(`/sessions/${operation}`, { json })).json()) as {
      revoked: number | null;
      signedIn: boolean;
    };
  }

  it("list() answers the user's sessions; revoke(id) ends another one, then this one", async () => {
    const laptop = await signedIn();
    const phone = await signedIn();
    expect(await listed(app().client())).toEqual({ sessions: null, signedIn: false });
    const { sessions } = await listed(phone);
    expect(sessions?.map((s) => s.current).sort()).toEqual([false, true]);
    const other = sessions!.find((s) => !s.current)!;
    expect(await operate(phone, "revoke", { id: other.id })).toEqual({ revoked: 1, signedIn: true });
    expect((await listed(laptop)).signedIn).toBe(false);
    const own = sessions!.find((s) => s.current)!;
    // Ending its own session: the cookie is cleared and locals.auth() forgets the session it read.
    expect(await operate(phone, "revoke", { id: own.id })).toEqual({ revoked: 1, signedIn: false });
    expect(phone.jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("revokeOthers() keeps this browser; revokeAll() ends every session and clears the cookie", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    expect(await operate(a, "revoke-others")).toEqual({ revoked: 1, signedIn: true });
    expect([(await listed(a)).signedIn, (await listed(b)).signedIn]).toEqual([true, false]);
    const c = await signedIn();
    expect(await operate(a, "revoke-all")).toEqual({ revoked: 2, signedIn: false });
    expect(a.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await listed(c)).signedIn).toBe(false);
  });

  it("revokeSessions(userId) from SvelteKitAuth ends every session of that user", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const ended = await operate(app().client(), "revoke-user", { userId: "u1" });
    expect(ended.revoked).toBeGreaterThanOrEqual(2);
    expect([(await listed(a)).signedIn, (await listed(b)).signedIn]).toEqual([false, false]);
  });

  it("throws UnsupportedStrategy on a configuration without a session store", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const response = await client.get("/no-store-sessions");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "UnsupportedStrategy" });
  });
});

describe("bad input", () => {
  const cases: {
    title: string;
    send: (client: TestClient) => Promise<Response>;
    expected: (response: Response) => void;
  }[] = [
    {
      title: "a tampered session cookie gets 401 from /me",
      send: async (client) => {
        await signInByAction(client);
        const token = client.jar.get(SESSION_COOKIE) ?? "";
        client.jar.set(SESSION_COOKIE, `${token.slice(0, -4)}AAAA`);
        return client.get("/me");
      },
      expected: (response) => expect(response.status).toBe(401),
    },
    {
      title: "a malformed Cookie header gets 401 from /me",
      send: (client) => client.get("/me", { headers: { cookie: `${SESSION_COOKIE}=%E0%A4%A; =; ;;x` } }),
      expected: (response) => expect(response.status).toBe(401),
    },
    {
      title: "a malformed Cookie header on an auth route gets no 500",
      send: (client) => client.get("/auth/session", { headers: { cookie: `${SESSION_COOKIE}=%%%; ==` } }),
      expected: (response) => expect(response.status).toBeLessThan(500),
    },
    {
      title: "the signIn action without fields redirects to the sign-in page",
      send: (client) => submit(client, "/login", {}),
      expected: (response) => {
        expect(response.status).toBe(303);
        expect(new URL(response.headers.get("location") ?? "").pathname).toBe("/auth/signin");
      },
    },
    {
      title: "the signIn action with an unknown provider redirects, signing nobody in",
      send: (client) => submit(client, "/login", { providerId: "nope" }),
      expected: (response) => {
        expect(response.status).toBe(303);
        expect(new URL(response.headers.get("location") ?? "").origin).toBe(app().origin);
      },
    },
    {
      title: "the signOut action without fields or a session redirects",
      send: (client) => submit(client, "/logout", {}),
      expected: (response) => expect(response.status).toBe(303),
    },
    {
      title: "a JSON body posted to the signIn action is refused by SvelteKit without a 500",
      send: (client) => client.post("/login", { json: ALICE_FORM }),
      expected: (response) => expect(response.status).toBe(415),
    },
    {
      title: "a javascript: redirectTo signs in and redirects to the app's root instead",
      send: (client) => signInByAction(client, { redirectTo: "javascript:alert(1)" }),
      expected: (response) => {
        expect(response.status).toBe(303);
        expect(response.headers.get("location")).toBe(`${app().origin}/`);
      },
    },
    {
      title: "a redirectTo with a line break signs in and redirects to the app's root instead",
      send: (client) => signInByAction(client, { redirectTo: "/x\r\nSet-Cookie: a=b" }),
      expected: (response) => {
        expect(response.status).toBe(303);
        expect(response.headers.get("location")).toBe(`${app().origin}/`);
        expect(response.headers.getSetCookie().map((c) => parseSetCookie(c).name)).not.toContain("a");
      },
    },
  ];

  for (const { title, send, expected } of cases) {
    it(title, async () => {
      const client = app().client();
      const response = await send(client);
      expected(response);
    });
  }
});
