/**
 * A configuration problem met on a page GET goes to the app's own error page, as in Auth.js, and
 * an error page that itself requires authentication does not send the browser round in circles.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import { afterEach, expect, it, vi } from "vitest";
import { credentials } from "./helpers";

afterEach(() => {
  vi.unstubAllEnvs();
});

function missingSecret(errors: Error[]): AuthConfig {
  vi.stubEnv("NODE_ENV", "production");
  vi.stubEnv("AUTH_SECRET", "");
  return {
    trustHost: true,
    providers: [credentials],
    pages: { error: "/oops" },
    logger: { error: (e) => void errors.push(e) },
  };
}

it("redirects a page GET to the custom error page with error=Configuration", async () => {
  const errors: Error[] = [];
  const response = await Auth(new Request("http://localhost:3000/auth/signin"), missingSecret(errors));
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("http://localhost:3000/oops?error=Configuration");
  expect(errors.map((e) => e.name)).toEqual(["MissingSecret"]);
});

it("shows the built-in error page and logs ErrorPageLoop when the request came back from the custom error page", async () => {
  const errors: Error[] = [];
  const url = "http://localhost:3000/auth/signin?callbackUrl=%2Foops%3Ferror%3DConfiguration";
  const response = await Auth(new Request(url), missingSecret(errors));
  expect(response.status).toBe(500);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  expect(errors.map((e) => e.name)).toEqual(["MissingSecret", "ErrorPageLoop"]);
});

it("keeps answering JSON requests with the 500 message", async () => {
  const errors: Error[] = [];
  const response = await Auth(new Request("http://localhost:3000/auth/session"), missingSecret(errors));
  expect(response.status).toBe(500);
  expect(await response.json()).toHaveProperty("message");
});
