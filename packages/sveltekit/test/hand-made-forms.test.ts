/**
 * Apps written for `@auth/sveltekit` post hand-made forms to the auth routes
 * (`<form method="POST" action="/auth/signout">`, `/auth/signin/<provider>`) with no `csrfToken`
 * field, and read the session with `locals.getSession()`. Through the handle hook, a POST from
 * the origin the adapter resolved (`event.url`) needs no token; any other origin still does, so
 * the forms stay protected even in an app that turned `kit.csrf.checkOrigin` off.
 */

import type { AuthConfig, Session } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import OAuth from "@portcullis/core/providers/oauth";
import { SvelteKitAuth } from "@portcullis/sveltekit";
import type { Handle, RequestEvent } from "@sveltejs/kit";
import { describe, expect, it } from "vitest";
import { fakeEvent, formPost } from "./request-event";

// adapter-node with ORIGIN=https://app.example: every request's URL is on this origin.
const APP = "https://app.example";
const MISSING_CSRF = `${APP}/auth/signin?error=MissingCSRF`;

function config(): AuthConfig {
  return {
    secret: "test-secret-with-at-least-thirty-two-chars",
    trustHost: true,
    providers: [
      OAuth({
        id: "example",
        name: "Example",
        type: "oauth",
        clientId: "app-client",
        clientSecret: "app-secret",
        authorization: "https://idp.example/authorize",
        token: "https://idp.example/token",
        userinfo: "https://idp.example/userinfo",
      }),
      Credentials({ credentials: { username: {} }, authorize: async () => ({ id: "1", name: "Alice" }) }),
    ],
    logger: { error: () => {}, warn: () => {} },
  };
}

const resolve = async () => new Response("app page");

/** Runs `handle` for an event, answering the response and the event (its locals filled). */
async function run(handle: Handle, event: RequestEvent) {
  const response = await handle({ event, resolve });
  return { response, event };
}

/** Two hooks, the first resolving through the second, as `sequence` runs them (outside a server). */
function chain(first: Handle, second: Handle): Handle {
  return ({ event, resolve }) => first({ event, resolve: (next) => second({ event: next, resolve }) });
}

/** A form POST without csrfToken, with the given Origin header, or none. */
function handMadeForm(path: string, origin: string | undefined): RequestEvent {
  if (origin !== undefined) return formPost(`${APP}${path}`, {}, { origin });
  return fakeEvent(`${APP}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
}

describe("a hand-made form without a csrfToken, through the handle hook", () => {
  it("signs out when posted from the app's origin", async () => {
    const { response } = await run(SvelteKitAuth(config()).handle, handMadeForm("/auth/signout", APP));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(APP);
  });

  it("starts an OAuth sign-in at /auth/signin/<provider> when posted from the app's origin", async () => {
    const { response } = await run(SvelteKitAuth(config()).handle, handMadeForm("/auth/signin/example", APP));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("https://idp.example/authorize");
    expect(location.searchParams.get("redirect_uri")).toBe(`${APP}/auth/callback/example`);
  });

  const foreign = [
    { from: "another site", origin: "https://evil.example" },
    { from: "a sibling subdomain", origin: "https://www.app.example" },
    { from: "plain http", origin: "http://app.example" },
    { from: "another port", origin: "https://app.example:8443" },
    { from: "Origin: null", origin: "null" },
    { from: "no Origin", origin: undefined },
  ];

  for (const { from, origin } of foreign) {
    it(`answers MissingCSRF to a sign-out and an OAuth sign-in from ${from}`, async () => {
      const { handle } = SvelteKitAuth(config());
      for (const path of ["/auth/signout", "/auth/signin/example"]) {
        const { response } = await run(handle, handMadeForm(path, origin));
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe(MISSING_CSRF);
      }
    });
  }

  it("trusts no forwarded header for the origin: the adapter's event.url decides", async () => {
    const { handle } = SvelteKitAuth(config());
    const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const event = formPost(`${APP}/auth/signout`, {}, { origin: "https://evil.example", ...forged });
    const { response } = await run(handle, event);
    expect(response.headers.get("location")).toBe(MISSING_CSRF);
  });

  it("still answers GET /auth/csrf with a token, for @portcullis/sveltekit/client", async () => {
    const { response } = await run(SvelteKitAuth(config()).handle, fakeEvent(`${APP}/auth/csrf`));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { csrfToken: string }).csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("locals.getSession()", () => {
  it("is set on every request the hook passes on, and reads the session once with locals.auth()", async () => {
    const { event } = await run(SvelteKitAuth(config()).handle, fakeEvent(`${APP}/protected`));
    expect(typeof event.locals.getSession).toBe("function");
    const read = event.locals.getSession();
    expect(event.locals.auth()).toBe(read);
    expect(await read).toBeNull();
  });

  it("keeps a getSession the app set in an earlier hook", async () => {
    const own = async (): Promise<Session | null> => ({ user: { name: "from the app" }, expires: "" });
    const appHook: Handle = ({ event, resolve }) => {
      event.locals.getSession = own;
      return resolve(event);
    };
    const { event } = await run(chain(appHook, SvelteKitAuth(config()).handle), fakeEvent(`${APP}/`));
    expect(event.locals.getSession).toBe(own);
  });
});
