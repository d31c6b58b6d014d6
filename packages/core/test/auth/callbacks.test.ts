/** The control-flow callbacks and the audit events, observed over HTTP. */
import type { LoggerInstance } from "@portcullis/core";
import { describe, expect, it, vi } from "vitest";
import { client, config, signIn } from "./helpers";

describe("signIn callback", () => {
  it("continues when it returns true and receives user, account and credentials", async () => {
    const signInCallback = vi.fn(() => true);
    const c = client(config({ callbacks: { signIn: signInCallback } }));
    await signIn(c);
    expect(signInCallback).toHaveBeenCalledWith({
      user: expect.objectContaining({ id: "u1", name: "Alice" }),
      account: { providerAccountId: "u1", type: "credentials", provider: "credentials" },
      credentials: expect.objectContaining({ username: "alice" }),
    });
    expect(await c.session()).not.toBeNull();
  });

  it("denies with AccessDenied on the error page when it returns false", async () => {
    const c = client(config({ callbacks: { signIn: () => false } }));
    const response = await signIn(c);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=AccessDenied");
    expect(c.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("denies with AccessDenied and logs the original message when it throws", async () => {
    const errors: Error[] = [];
    const logger: Partial<LoggerInstance> = { error: (e) => void errors.push(e) };
    const c = client(
      config({
        logger,
        callbacks: {
          signIn: () => {
            throw new Error("banned user");
          },
        },
      }),
    );
    const response = await signIn(c);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=AccessDenied");
    expect(errors.map((e) => e.message)).toEqual(["banned user"]);
  });

  it("redirects to a same-origin URL it returns, without signing in", async () => {
    const c = client(config({ callbacks: { signIn: () => "/verify-age" } }));
    const response = await signIn(c);
    expect(response.headers.get("location")).toBe("http://localhost:3000/verify-age");
    expect(c.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("redirects to a non-ASCII path it returns, percent-encoded", async () => {
    const c = client(config({ callbacks: { signIn: () => "/日本" } }));
    const response = await signIn(c);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/%E6%97%A5%E6%9C%AC");
  });

  it("cannot send the user to a foreign origin unless the redirect callback allows it", async () => {
    const c = client(config({ callbacks: { signIn: () => "https://evil.example/phish" } }));
    const response = await signIn(c);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
  });
});

describe("redirect callback", () => {
  it.each([
    ["/dashboard", "http://localhost:3000/dashboard"],
    ["http://localhost:3000/settings?tab=1", "http://localhost:3000/settings?tab=1"],
    ["https://evil.example/", "http://localhost:3000"],
    ["http://localhost:3001/", "http://localhost:3000"],
    ["//evil.example/path", "http://localhost:3000"],
  ])("by default sends callbackUrl %s to %s", async (callbackUrl, expected) => {
    const response = await signIn(client(), { callbackUrl });
    expect(response.headers.get("location")).toBe(expected);
  });

  it("lets a custom redirect callback allow another origin", async () => {
    const redirect = vi.fn(({ url }: { url: string }) => url);
    const response = await signIn(client(config({ callbacks: { redirect } })), {
      callbackUrl: "https://docs.example/",
    });
    expect(response.headers.get("location")).toBe("https://docs.example/");
    expect(redirect).toHaveBeenCalledWith({ url: "https://docs.example/", baseUrl: "http://localhost:3000" });
  });

  it("answers 500 when a custom redirect callback returns a non-URL: a configuration error", async () => {
    const errors: Error[] = [];
    const logger = { error: (e: Error) => void errors.push(e) };
    const c = client(config({ logger, callbacks: { redirect: () => "javascript:alert(1)" } }));
    const response = await c.get("/auth/signin?callbackUrl=%2Fdashboard");
    expect(response.status).toBe(500);
    expect(c.jar.get("authjs.callback-url")).toBeUndefined();
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["InvalidCallbackUrl"]);
  });

  it("percent-encodes a non-ASCII path a custom redirect callback returns", async () => {
    const response = await signIn(client(config({ callbacks: { redirect: () => "/日本" } })));
    expect(response.headers.get("location")).toBe("http://localhost:3000/%E6%97%A5%E6%9C%AC");
  });
});

describe("jwt and session callbacks", () => {
  it("calls jwt with trigger signIn, user and account at sign-in, then with the token alone", async () => {
    const calls: unknown[] = [];
    const c = client(
      config({
        callbacks: {
          jwt: (params) => {
            calls.push(params);
            return { ...params.token, role: "admin" };
          },
        },
      }),
    );
    await signIn(c);
    expect(calls[0]).toMatchObject({
      token: { name: "Alice", email: "alice@example.com", picture: "https://example.com/a.png", sub: "u1" },
      user: { id: "u1" },
      account: { provider: "credentials" },
      trigger: "signIn",
    });
    await c.session();
    expect(calls[1]).toEqual({ token: expect.objectContaining({ role: "admin", sub: "u1" }) });
  });

  it("sends what the session callback returns to the client", async () => {
    const c = client(
      config({
        callbacks: {
          jwt: ({ token }) => ({ ...token, role: "admin" }),
          session: ({ session, ...rest }) => ({
            ...session,
            role: "token" in rest ? rest.token.role : undefined,
          }),
        },
      }),
    );
    await signIn(c);
    expect(await c.session()).toMatchObject({ role: "admin" });
  });

  it("ends the session when jwt returns null", async () => {
    let allow = true;
    const c = client(config({ callbacks: { jwt: ({ token }) => (allow ? token : null) } }));
    await signIn(c);
    allow = false;
    expect(await c.session()).toBeNull();
    expect(c.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("exposes only name, email and image by default", async () => {
    const c = client(config({ callbacks: { jwt: ({ token }) => ({ ...token, secretRole: "admin" }) } }));
    await signIn(c);
    const session = (await c.session()) as Record<string, unknown>;
    expect(Object.keys(session).sort()).toEqual(["expires", "user"]);
    expect(Object.keys(session.user as object).sort()).toEqual(["email", "image", "name"]);
  });
});

describe("events", () => {
  it("fires signIn and session with their documented shapes", async () => {
    const signInEvent = vi.fn();
    const sessionEvent = vi.fn();
    const c = client(config({ events: { signIn: signInEvent, session: sessionEvent } }));
    await signIn(c);
    expect(signInEvent).toHaveBeenCalledWith({
      user: expect.objectContaining({ id: "u1" }),
      account: expect.objectContaining({ provider: "credentials" }),
      profile: undefined,
      isNewUser: undefined,
    });
    await c.session();
    expect(sessionEvent).toHaveBeenCalledWith({
      session: expect.objectContaining({ user: expect.objectContaining({ name: "Alice" }) }),
      token: expect.objectContaining({ sub: "u1" }),
    });
  });

  it("logs a throwing event handler as EventError and completes the flow", async () => {
    const errors: Error[] = [];
    const c = client(
      config({
        logger: { error: (e) => void errors.push(e) },
        events: {
          signIn: () => {
            throw new Error("audit log down");
          },
        },
      }),
    );
    const response = await signIn(c);
    expect(response.headers.get("location")).toBe("http://localhost:3000/dashboard");
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["EventError"]);
  });
});
