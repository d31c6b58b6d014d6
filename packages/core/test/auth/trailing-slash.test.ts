/**
 * Action paths with a trailing slash, as Next.js's `trailingSlash: true` requests them, and with
 * doubled slashes: the same action, as in Auth.js, which drops empty path segments.
 */
import { describe, expect, it } from "vitest";
import { client, signIn } from "./helpers";

describe("empty path segments", () => {
  it("answers GET /auth/session/ as /auth/session, with the session of a signed-in user", async () => {
    const c = client();
    await signIn(c);
    const response = await c.get("/auth/session/");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Alice");
  });

  it("signs in through POST /auth/callback/credentials/", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/callback/credentials/", {
      form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/dashboard" },
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "").pathname).toBe("/dashboard");
  });

  const same: [string, string][] = [
    ["/auth/csrf/", "/auth/csrf"],
    ["/auth//providers", "/auth/providers"],
    ["/auth/signin/", "/auth/signin"],
    ["/auth/signin//credentials/", "/auth/signin/credentials"],
    ["/auth/verify-request/", "/auth/verify-request"],
  ];
  for (const [path, plain] of same) {
    it(`answers GET ${path} as GET ${plain}`, async () => {
      const [a, b] = [await client().get(path), await client().get(plain)];
      expect(a.status).toBe(b.status);
      expect(a.status).not.toBe(400);
      expect(a.headers.get("content-type")).toBe(b.headers.get("content-type"));
    });
  }

  const bad = ["/auth/", "/auth//", "/auth/session/extra/", "/auth/csrf/x/", "/auth/unknown/"];
  for (const path of bad) {
    it(`still answers 400 for GET ${path}`, async () => {
      const response = await client().get(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toBe("Bad request.");
    });
  }
});
