/**
 * The handle hook answers only the core's actions under `basePath` (`/auth/session`,
 * `/auth/callback/github`...), deciding by the first path segment with `isAuthAction` as
 * `@auth/sveltekit` does. Every other path there belongs to the app: a custom sign-in page at
 * `/auth/login` named by `pages.signIn`, its form action, an error page at `/auth/problem`.
 */
import type { AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { SvelteKitAuth } from "@portcullis/sveltekit";
import type { RequestEvent } from "@sveltejs/kit";
import { describe, expect, it } from "vitest";
import { fakeEvent, formPost } from "./request-event";

const ORIGIN = "https://app.example";

function app() {
  return SvelteKitAuth({
    secret: "test-secret-with-at-least-thirty-two-chars",
    trustHost: true,
    providers: [Credentials({ authorize: async () => null })],
    // The custom pages live in the app, under the auth routes' folder, as Auth.js apps often have them.
    pages: { signIn: "/auth/login", error: "/auth/problem" },
    logger: { error: () => {}, warn: () => {} },
  } satisfies AuthConfig);
}

/** Runs the hook; `resolve` stands for the app's own route. */
async function through(event: RequestEvent) {
  let reachedApp = false;
  const response = await app().handle({
    event,
    resolve: async () => {
      reachedApp = true;
      return new Response("the app's page", { status: 200 });
    },
  });
  return { response, reachedApp };
}

describe("the app's own routes under basePath", () => {
  it("GET /auth/login, the configured pages.signIn, is served by the app", async () => {
    const { response, reachedApp } = await through(fakeEvent(`${ORIGIN}/auth/login`));
    expect(reachedApp).toBe(true);
    expect(await response.text()).toBe("the app's page");
  });

  it("the page's signIn form action (POST /auth/login) reaches the app", async () => {
    const event = formPost(`${ORIGIN}/auth/login`, {
      providerId: "credentials",
      username: "a",
      password: "b",
    });
    const { response, reachedApp } = await through(event);
    expect(reachedApp).toBe(true);
    expect(response.status).toBe(200);
  });

  it("the configured error page /auth/problem and basePath itself are served by the app", async () => {
    expect((await through(fakeEvent(`${ORIGIN}/auth/problem?error=Configuration`))).reachedApp).toBe(true);
    expect((await through(fakeEvent(`${ORIGIN}/auth`))).reachedApp).toBe(true);
  });

  it("the core's actions stay the core's, an unknown provider under one too", async () => {
    const session = await through(fakeEvent(`${ORIGIN}/auth/session`));
    expect(session.reachedApp).toBe(false);
    expect(session.response.headers.get("content-type")).toMatch(/json/);
    const unknown = await through(fakeEvent(`${ORIGIN}/auth/signin/nope/extra`));
    expect(unknown.reachedApp).toBe(false);
    expect(unknown.response.status).toBe(400);
  });
});
