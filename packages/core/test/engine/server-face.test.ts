/**
 * The engine's server face: what an integration's `auth()`, server-side `signIn`, `signOut` and
 * `update` call. Data in, data out: no Request parsed, no Response built, no CSRF side door.
 */
import { type AuthConfig, createAuth } from "@portcullis/core";
import { useSyncCrypto } from "@portcullis/core/crypto/node-crypto";
import { AuthError, CallbackRouteError, CredentialsSignin, InvalidRequest } from "@portcullis/core/errors";
import Credentials from "@portcullis/core/providers/credentials";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it, vi } from "vitest";
import { client, config, signIn, WrongPin } from "../auth/helpers";

const ORIGIN = "http://localhost:3000";
const HOST = { host: "localhost:3000" };

/** Signs alice in over HTTP and answers the Cookie header a browser would then send. */
async function signedInCookie(cfg: AuthConfig): Promise<string> {
  const browser = client(cfg);
  await signIn(browser);
  return browser.jar.header() ?? "";
}

function quietConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return config({ logger: { error: () => {}, warn: () => {} }, ...overrides });
}

describe("createAuth", () => {
  it("answers one engine per configuration object", () => {
    const cfg = quietConfig();
    expect(createAuth(cfg)).toBe(createAuth(cfg));
    expect(createAuth(quietConfig())).not.toBe(createAuth(cfg));
  });

  it("handles HTTP requests like Auth", async () => {
    const response = await createAuth(quietConfig()).handle(new Request(`${ORIGIN}/auth/providers`));
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json())).toEqual(["credentials"]);
  });

  it("serves one configuration at several mount paths with one normalisation and one adapter", async () => {
    const factory = vi.fn(() => MemoryAdapter());
    const cfg = quietConfig({ adapter: factory, session: { strategy: "jwt" } });
    const auth = createAuth(cfg);
    for (const basePath of ["/auth", "/tenant-a/auth", "/tenant-b/auth"]) {
      const response = await auth.handle(new Request(`${ORIGIN}${basePath}/csrf`), { basePath });
      expect(response.status).toBe(200);
      await auth.session({ headers: HOST, basePath });
    }
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it("lets the configuration's own basePath win over the mount path", async () => {
    const auth = createAuth(quietConfig({ basePath: "/custom" }));
    expect(auth.basePath({ basePath: "/mounted" })).toBe("/custom");
    const response = await auth.handle(new Request(`${ORIGIN}/custom/csrf`), { basePath: "/mounted" });
    expect(response.status).toBe(200);
  });
});

describe("engine.basePath", () => {
  it("still answers where the routes are when the configuration cannot be read", () => {
    const auth = createAuth(
      quietConfig({
        adapter: () => {
          throw new Error("pool exhausted");
        },
      }),
    );
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(auth.basePath()).toBe("/auth");
    expect(auth.basePath({ basePath: "/api/auth/" })).toBe("/api/auth");
    spy.mockRestore();
  });
});

describe("engine.session", () => {
  it("reads the session from the caller's headers, with the refreshed cookie as data", async () => {
    const cfg = quietConfig();
    const cookie = await signedInCookie(cfg);
    const { session, cookies } = await createAuth(cfg).session({ headers: { ...HOST, cookie } });
    expect(session?.user).toEqual({
      name: "Alice",
      email: "alice@example.com",
      image: "https://example.com/a.png",
    });
    expect(cookies.map((c) => c.name)).toEqual(["authjs.session-token"]);
    expect(cookies[0]?.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
    expect(cookies[0]?.value.split(".")).toHaveLength(5);
  });

  it("shares the plaintext cache with the HTTP face: a cookie read over and over is decrypted twice", async () => {
    useSyncCrypto(false);
    try {
      const cfg = quietConfig();
      const cookie = await signedInCookie(cfg);
      const auth = createAuth(cfg);
      const decrypt = vi.spyOn(crypto.subtle, "decrypt");
      for (let read = 0; read < 3; read++) {
        expect((await auth.session({ headers: { ...HOST, cookie } })).session).not.toBeNull();
        const response = await auth.handle(new Request(`${ORIGIN}/auth/session`, { headers: { cookie } }));
        expect(await response.json()).not.toBeNull();
      }
      expect(decrypt).toHaveBeenCalledTimes(2);
    } finally {
      vi.restoreAllMocks();
      useSyncCrypto(true);
    }
  });

  it("takes cookies the framework parsed, and an origin it resolved", async () => {
    const cfg = quietConfig();
    const cookie = await signedInCookie(cfg);
    const parsed = new Map(cookie.split("; ").map((pair) => pair.split(/=(.*)/s) as [string, string]));
    const { session } = await createAuth(cfg).session({ cookies: parsed, origin: ORIGIN });
    expect(session?.user?.email).toBe("alice@example.com");
    const record = Object.fromEntries(parsed);
    const withSlash = await createAuth(cfg).session({ cookies: record, origin: `${ORIGIN}/` });
    expect(withSlash.session?.user?.email).toBe("alice@example.com");
  });

  it("runs no redirect callback and mints no CSRF token on a server-side read", async () => {
    const redirect = vi.fn(({ baseUrl }: { baseUrl: string }) => baseUrl);
    const cfg = quietConfig({ callbacks: { redirect } });
    const cookie = await signedInCookie(cfg);
    redirect.mockClear();
    const auth = createAuth(cfg);
    for (let i = 0; i < 10; i++) {
      const { session, cookies } = await auth.session({ headers: { ...HOST, cookie } });
      expect(session).not.toBeNull();
      expect(cookies.map((c) => c.name)).not.toContain("authjs.csrf-token");
      expect(cookies.map((c) => c.name)).not.toContain("authjs.callback-url");
    }
    expect(redirect).not.toHaveBeenCalled();
  });

  it.each([
    ["no headers at all", {}],
    ["a Host that is not host[:port]", { headers: { host: "evil.example/x" } }],
    ["an origin with a path", { origin: "http://localhost:3000/x" }],
    ["an origin that is not http(s)", { origin: "javascript:alert(1)" }],
  ])("fails closed on %s: no session, nothing thrown", async (_, call) => {
    const errors: unknown[] = [];
    const cfg = config({ logger: { error: (e) => void errors.push(e), warn: () => {} } });
    const cookie = await signedInCookie(cfg);
    const result = await createAuth(cfg).session({
      ...call,
      headers: { ...(call as { headers?: object }).headers, cookie },
    });
    expect(result).toEqual({ session: null, cookies: [] });
    expect(errors.some((e) => e instanceof InvalidRequest)).toBe(true);
  });

  it("reads the session on AUTH_URL's origin when the call has no Host", async () => {
    vi.stubEnv("AUTH_URL", "http://localhost:3000");
    try {
      const cfg = quietConfig();
      const cookie = await signedInCookie(cfg);
      const { session } = await createAuth(cfg).session({ headers: { cookie } });
      expect(session?.user?.name).toBe("Alice");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("is no session when the configuration cannot be read, logged, not thrown", async () => {
    const cfg = quietConfig({
      adapter: () => {
        throw new Error("pool exhausted");
      },
    });
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(createAuth(cfg).session({ headers: HOST })).resolves.toEqual({ session: null, cookies: [] });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("is no session for a forged host in production without AUTH_URL or trustHost", async () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      const cfg = quietConfig({ trustHost: undefined });
      const { session } = await createAuth(cfg).session({ headers: { host: "evil.example", cookie: "x=y" } });
      expect(session).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("engine.signIn", () => {
  it("signs in with credentials: the redirect and the session cookie as data", async () => {
    const cfg = quietConfig();
    const result = await createAuth(cfg).signIn("credentials", {
      headers: HOST,
      fields: { username: "alice", password: "wonderland" },
      callbackUrl: "/dashboard",
    });
    expect(result.redirect).toBe(`${ORIGIN}/dashboard`);
    const session = result.cookies.find((c) => c.name === "authjs.session-token");
    expect(session?.value).toBeTruthy();
    const { session: read } = await createAuth(cfg).session({
      headers: { ...HOST, cookie: `${session!.name}=${session!.value}` },
    });
    expect(read?.user?.name).toBe("Alice");
  });

  it("throws the CredentialsSignin that authorize threw, with its code", async () => {
    const failure = createAuth(quietConfig()).signIn("credentials", {
      headers: HOST,
      fields: { pin: "0000" },
    });
    await expect(failure).rejects.toBeInstanceOf(WrongPin);
    await expect(failure).rejects.toMatchObject({ type: "CredentialsSignin", code: "wrong_pin" });
  });

  it("throws CredentialsSignin for wrong credentials", async () => {
    const failure = createAuth(quietConfig()).signIn("credentials", {
      headers: HOST,
      fields: { username: "alice", password: "nope" },
    });
    await expect(failure).rejects.toBeInstanceOf(CredentialsSignin);
  });

  it("keeps the cause of a server fault", async () => {
    const outage = new Error("database down");
    const cfg = quietConfig({
      providers: [
        Credentials({
          authorize: () => {
            throw outage;
          },
        }),
      ],
    });
    const failure = createAuth(cfg).signIn("credentials", { headers: HOST, fields: {} });
    await expect(failure).rejects.toBeInstanceOf(CallbackRouteError);
    await expect(failure).rejects.toMatchObject({ cause: outage });
  });

  it("answers the sign-in page without a provider, or for an unknown one", async () => {
    const auth = createAuth(quietConfig());
    for (const provider of [undefined, "nope"]) {
      const { redirect, cookies } = await auth.signIn(provider, { headers: HOST, callbackUrl: "/x" });
      expect(redirect).toBe(`${ORIGIN}/auth/signin?callbackUrl=%2Fx`);
      expect(cookies).toEqual([]);
    }
  });

  it("keeps the redirect on the app's origin", async () => {
    const { redirect } = await createAuth(quietConfig()).signIn("credentials", {
      headers: HOST,
      fields: { username: "alice", password: "wonderland" },
      callbackUrl: "https://evil.example/",
    });
    expect(redirect).toBe(ORIGIN);
  });

  it("answers a failure as the HTTP routes do with redirectOnError, for form actions", async () => {
    const { redirect, cookies } = await createAuth(quietConfig()).signIn("credentials", {
      headers: HOST,
      fields: { pin: "0000" },
      redirectOnError: true,
    });
    expect(redirect).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=wrong_pin`);
    expect(cookies).toEqual([]);
  });

  it("takes the origin from AUTH_URL when the call has neither an origin nor a Host", async () => {
    vi.stubEnv("AUTH_URL", "https://app.example");
    try {
      const auth = createAuth(quietConfig());
      const { redirect } = await auth.signIn(undefined, { headers: {}, callbackUrl: "/x" });
      expect(redirect).toBe("https://app.example/auth/signin?callbackUrl=%2Fx");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("throws InvalidRequest without an origin", async () => {
    const failure = createAuth(quietConfig()).signIn("credentials", { fields: {} });
    await expect(failure).rejects.toBeInstanceOf(InvalidRequest);
  });

  it("throws the configuration's error", async () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      const failure = createAuth(quietConfig({ secret: undefined })).signIn("credentials", { headers: HOST });
      await expect(failure).rejects.toMatchObject({ type: "MissingSecret" });
      await expect(failure).rejects.toBeInstanceOf(AuthError);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("engine.signOut and engine.update", () => {
  it("signs out of a database session: the row is deleted and the cookie cleared", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", email: "alice@example.com", emailVerified: null, name: "Alice" });
    const cfg = quietConfig({ adapter });
    const cookie = await signedInCookie(cfg);
    const token = /authjs\.session-token=([^;]+)/.exec(cookie)![1]!;
    expect(await adapter.getSessionAndUser!(token)).not.toBeNull();
    const { redirect, cookies } = await createAuth(cfg).signOut({
      headers: { ...HOST, cookie },
      callbackUrl: "/bye",
    });
    expect(redirect).toBe(`${ORIGIN}/bye`);
    expect(cookies.find((c) => c.name === "authjs.session-token")?.value).toBe("");
    expect(await adapter.getSessionAndUser!(token)).toBeNull();
  });

  it("updates a JWT session through the jwt callback", async () => {
    const cfg = quietConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" ? { ...token, name: (session as { name: string }).name } : token,
      },
    });
    const cookie = await signedInCookie(cfg);
    const auth = createAuth(cfg);
    const { session, cookies } = await auth.update({ name: "Alicia" }, { headers: { ...HOST, cookie } });
    expect(session?.user?.name).toBe("Alicia");
    const fresh = cookies.find((c) => c.name === "authjs.session-token")!;
    const reread = await auth.session({ headers: { ...HOST, cookie: `${fresh.name}=${fresh.value}` } });
    expect(reread.session?.user?.name).toBe("Alicia");
  });

  it("answers null to an update without a session", async () => {
    const result = await createAuth(quietConfig()).update({ name: "x" }, { headers: HOST });
    expect(result).toEqual({ session: null, cookies: [] });
  });
});
