/**
 * Wire compatibility: the same client, unchanged, against Auth.js's own `Auth` from @auth/core
 * served on loopback. What works here works because the client speaks the Auth.js protocol.
 */
import { Auth, type AuthConfig } from "@auth/core";
import Credentials from "@auth/core/providers/credentials";
import { getCsrfToken, getProviders, getSession, signIn, signOut } from "@portcullis/client";
import { type ServedApp, serve } from "@portcullis/testkit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { browser, SECRET } from "./helpers";

let app: ServedApp;

beforeAll(async () => {
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    // Auth.js logs a rejected sign-in as an error; the tests assert what the client sees instead.
    logger: { error: () => {} },
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: async (input) =>
          input.username === "alice" && input.password === "wonderland"
            ? { id: "u1", name: "Alice", email: "alice@example.com" }
            : null,
      }),
    ],
  };
  app = await serve((request) => Auth(request, config));
});
afterAll(() => app.close());

it("reads the CSRF token and the providers of an Auth.js server", async () => {
  const b = browser(app.url);
  expect(await getCsrfToken(b.options)).toMatch(/^[0-9a-f]{64}$/);
  expect((await getProviders(b.options))?.credentials).toEqual({
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    signinUrl: `${app.url}/auth/signin/credentials`,
    callbackUrl: `${app.url}/auth/callback/credentials`,
  });
});

it("signs in with credentials against Auth.js and reads the session it issued", async () => {
  const b = browser(app.url);
  expect(await getSession(b.options)).toBeNull();
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
    url: `${app.url}/dashboard`,
  });
  expect((await getSession(b.options))?.user).toEqual({ name: "Alice", email: "alice@example.com" });
});

it("reports a wrong password from Auth.js as CredentialsSignin with code credentials", async () => {
  const b = browser(app.url);
  const result = await signIn("credentials", {
    ...b.options,
    username: "alice",
    password: "x",
    redirect: false,
  });
  expect(result).toMatchObject({ error: "CredentialsSignin", code: "credentials", ok: false, url: null });
  expect(await getSession(b.options)).toBeNull();
});

it("signs out of Auth.js and the session is gone", async () => {
  const b = browser(app.url);
  await signIn("credentials", { ...b.options, username: "alice", password: "wonderland", redirect: false });
  expect(await signOut({ ...b.options, redirect: false, redirectTo: "/bye" })).toEqual({
    url: `${app.url}/bye`,
  });
  expect(await getSession(b.options)).toBeNull();
});
