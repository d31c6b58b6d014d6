/**
 * Failures fail closed: an error answer is never read as a session, and a sign-in whose answer
 * makes no sense never navigates. The misbehaving servers are real HTTP servers on loopback that
 * answer what a broken deployment or a proxy would; the untrusted-host case is Portcullis itself.
 */
import {
  ClientFetchError,
  getCsrfToken,
  getProviders,
  getSession,
  signIn,
  signOut,
  updateSession,
} from "@portcullis/client";
import { type ServedApp, serve } from "@portcullis/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { browser, startPortcullis } from "./helpers";

const started: ServedApp[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

/** Serves `answer(path)` for every request. */
async function answering(answer: (path: string) => Response): Promise<ServedApp> {
  const app = await serve(async (request) => answer(new URL(request.url).pathname));
  started.push(app);
  return app;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const sessionLike = {
  user: { name: "Mallory", email: "mallory@example.com" },
  expires: "2999-01-01T00:00:00.000Z",
};

/** The rejection of `promise`, which must be a ClientFetchError. */
async function failure(promise: Promise<unknown>): Promise<ClientFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientFetchError);
  return error as ClientFetchError;
}

describe("error answers are never sessions", () => {
  it("getSession rejects a 500 answer even when its body looks like a session", async () => {
    const app = await answering(() => json(sessionLike, 500));
    const error = await failure(getSession(browser(app.url).options));
    expect(error.message).toBe("getSession: GET /auth/session answered 500");
    expect(error.operation).toBe("getSession");
    expect(error.status).toBe(500);
  });

  it("getSession rejects the configuration error of a Portcullis server that does not trust its host", async () => {
    const server = await startPortcullis({ trustHost: false });
    started.push(server.app);
    const error = await failure(getSession(browser(server.app.url).options));
    expect(error.status).toBe(500);
    expect(server.errors.map((e) => e.name)).toContain("UntrustedHost");
  });

  it("updateSession rejects a 500 answer whose body looks like a session", async () => {
    const app = await answering((path) =>
      path === "/auth/csrf" ? json({ csrfToken: "a".repeat(64) }) : json(sessionLike, 500),
    );
    const error = await failure(updateSession({ name: "x" }, browser(app.url).options));
    expect(error.message).toBe("updateSession: POST /auth/session answered 500");
  });

  it.each([
    ["a string", "signed-in"],
    ["an array", [sessionLike]],
    ["a number", 1],
  ])("getSession rejects a 200 answer whose body is %s", async (_, body) => {
    const app = await answering(() => json(body));
    const error = await failure(getSession(browser(app.url).options));
    expect(error.message).toBe(
      "getSession: GET /auth/session answered 200 with a body that is not a session",
    );
  });

  it("getSession answers null for an empty object, the no-session answer of older servers", async () => {
    const app = await answering(() => json({}));
    expect(await getSession(browser(app.url).options)).toBeNull();
  });
});

describe("unusable answers reject with the operation named", () => {
  it("rejects an HTML answer as not JSON", async () => {
    const app = await answering(
      () => new Response("<!doctype html><p>Login</p>", { headers: { "content-type": "text/html" } }),
    );
    const options = browser(app.url).options;
    expect((await failure(getSession(options))).message).toBe(
      "getSession: GET /auth/session answered 200 with a body that is not JSON",
    );
    expect((await failure(getProviders(options))).message).toBe(
      "getProviders: GET /auth/providers answered 200 with a body that is not JSON",
    );
    expect((await failure(getCsrfToken(options))).message).toBe(
      "getCsrfToken: GET /auth/csrf answered 200 with a body that is not JSON",
    );
  });

  it("rejects when the server cannot be reached, keeping the network error as the cause", async () => {
    const app = await serve(async () => json(null));
    await app.close();
    const error = await failure(getSession(browser(app.url).options));
    expect(error.message).toBe("getSession: GET /auth/session did not complete");
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("rejects a csrf answer without a token", async () => {
    const app = await answering(() => json({ token: "x" }));
    expect((await failure(getCsrfToken(browser(app.url).options))).message).toBe(
      "getCsrfToken: GET /auth/csrf answered 200 without a csrfToken",
    );
  });

  it("signIn rejects a sign-in answer without a url and does not navigate", async () => {
    const app = await answering((path) => {
      if (path === "/auth/providers")
        return json({ credentials: { id: "credentials", type: "credentials" } });
      if (path === "/auth/csrf") return json({ csrfToken: "b".repeat(64) });
      return json({ message: "There was a problem with the server configuration." });
    });
    const b = browser(app.url);
    const error = await failure(signIn("credentials", { ...b.options, username: "alice" }));
    expect(error.message).toBe("signIn: POST /auth/callback/credentials answered 200 without a url");
    expect(b.visits).toEqual([]);
  });

  it("signIn rejects a 500 answer to the sign-in POST and does not navigate", async () => {
    const app = await answering((path) => {
      if (path === "/auth/providers") return json({ email: { id: "email", type: "email" } });
      if (path === "/auth/csrf") return json({ csrfToken: "c".repeat(64) });
      return json({ url: "https://evil.example/" }, 500);
    });
    const b = browser(app.url);
    const error = await failure(signIn("email", { ...b.options, email: "a@example.com" }));
    expect(error.message).toBe("signIn: POST /auth/signin/email answered 500");
    expect(b.visits).toEqual([]);
  });

  it("signIn navigates to the error page when the server lists no providers", async () => {
    const app = await answering(() => json(null));
    const b = browser(app.url);
    expect(await getProviders(b.options)).toBeNull();
    await signIn("github", b.options);
    expect(b.visits).toEqual([`${app.url}/auth/error`]);
  });

  it("signIn refuses a WebAuthn provider, whose ceremony it cannot perform", async () => {
    const app = await answering(() => json({ passkey: { id: "passkey", type: "webauthn" } }));
    const b = browser(app.url);
    await expect(signIn("passkey", b.options)).rejects.toThrow(TypeError);
    expect(b.visits).toEqual([]);
    expect(b.requests).toEqual([`GET ${app.url}/auth/providers`]);
  });
});

describe("an error named beside the url that is not a text", () => {
  // A Portcullis server names a refusal's error type beside its URL; anything but a non-empty
  // string there is ignored, so the URL decides, as it does against Auth.js.
  const answeringSignIn = (url: string, error: unknown) =>
    answering((path) => {
      if (path === "/auth/providers")
        return json({ credentials: { id: "credentials", type: "credentials" } });
      if (path === "/auth/csrf") return json({ csrfToken: "e".repeat(64) });
      return json({ url, error });
    });

  it.each([42, null, "", { type: "CredentialsSignin" }, ["CredentialsSignin"]])(
    "error %j: a refusal URL is still a refusal, and any other URL a success",
    async (error) => {
      const refusing = await answeringSignIn("/auth/signin?error=CredentialsSignin", error);
      const refused = await signIn("credentials", { ...browser(refusing.url).options, redirect: false });
      expect(refused).toMatchObject({ ok: false, error: "CredentialsSignin" });

      const accepting = await answeringSignIn("/dashboard", error);
      const accepted = await signIn("credentials", { ...browser(accepting.url).options, redirect: false });
      expect(accepted).toMatchObject({ ok: true, error: undefined, url: `${accepting.url}/dashboard` });
    },
  );
});

describe("a sign-out the server refuses", () => {
  it("rejects, navigating or not, and the session lives on", async () => {
    const server = await startPortcullis();
    started.push(server.app);
    const b = browser(server.app.url);
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wonderland",
      redirect: false,
    });
    expect(result?.ok).toBe(true);
    // A second CSRF cookie, as a sibling subdomain plants one: the core answers every sign-out
    // with its sign-in page and error=MissingCSRF, and ends nothing.
    const planted = {
      ...b.options,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        const csrf = `authjs.csrf-token=${"0".repeat(64)}%7C${"0".repeat(64)}`;
        request.headers.set("cookie", `${b.jar.header()}; ${csrf}`);
        const response = await fetch(request, { redirect: "manual" });
        b.jar.update(response);
        return response;
      },
    };
    for (const redirect of [false, true]) {
      const error = await failure(signOut({ ...planted, redirect }));
      expect(error.message).toBe(
        "signOut: the server refused the sign-out (MissingCSRF); the session still exists",
      );
    }
    expect(b.visits).toEqual([]);
    expect((await getSession(b.options))?.user?.name).toBe("Alice");
  });
});

describe("a redirect answer is followed only to an http(s) URL", () => {
  // Set as `location.href`, a `javascript:` URL would run in the app's page, which a redirect's
  // Location never could: a compromised server (or one behind a cross-origin baseUrl) must not
  // gain that through the JSON answer of X-Auth-Return-Redirect.
  const SCRIPT_URLS = ["javascript:alert(document.domain)", "JaVaScRiPt:alert(1)", " javascript:alert(1)"];

  /** A server whose providers are one of `type` and whose every POST answers `{ url }`. */
  const redirectingTo = (url: string, type: string) =>
    answering((path) => {
      if (path === "/auth/providers") return json({ p: { id: "p", name: "P", type } });
      if (path === "/auth/csrf") return json({ csrfToken: "d".repeat(64) });
      return json({ url });
    });

  for (const type of ["oauth", "credentials", "email"]) {
    it.each(SCRIPT_URLS)(`signIn (${type}) rejects the url %j and navigates nowhere`, async (url) => {
      const b = browser((await redirectingTo(url, type)).url);
      const error = await failure(signIn("p", { ...b.options, email: "a@example.com", username: "alice" }));
      expect(error.message).toMatch(/without a url/);
      expect(b.visits).toEqual([]);
    });
  }

  it.each(SCRIPT_URLS)("signOut rejects the url %j, navigating or not", async (url) => {
    const b = browser((await redirectingTo(url, "oauth")).url);
    await failure(signOut(b.options));
    await failure(signOut({ ...b.options, redirect: false }));
    expect(b.visits).toEqual([]);
  });
});
