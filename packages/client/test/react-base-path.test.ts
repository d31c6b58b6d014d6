/**
 * Where the React entry's functions send their requests: next-auth/react's `/api/auth` by
 * default, and a `SessionProvider`'s `basePath` for every function once it has rendered. The
 * provider is rendered with react-dom/server (rendering is what sets the path); the functions
 * then talk to a real Portcullis server on loopback through a cookie-keeping fetch.
 */
import {
  __NEXTAUTH,
  configureClient,
  getCsrfToken,
  getProviders,
  getSession,
  SessionContext,
  type SessionContextValue,
  SessionProvider,
  signIn,
  signOut,
} from "@portcullis/client/react";
import { createElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { browser, type PortcullisApp, startPortcullis } from "./helpers";

let server: PortcullisApp | undefined;

afterEach(async () => {
  // The provider's basePath is module state shared by the entry, as in next-auth/react.
  delete __NEXTAUTH.basePath;
  delete __NEXTAUTH.baseUrl;
  configureClient({});
  await server?.app.close();
  server = undefined;
});

async function serveAt(basePath: string): Promise<string> {
  server = await startPortcullis({ basePath });
  return server.app.url;
}

describe("the React entry's basePath", () => {
  it("asks /api/auth by default, as next-auth/react does", async () => {
    const origin = await serveAt("/api/auth");
    const b = browser(origin);
    expect(await getSession(b.options)).toBeNull();
    expect(await getCsrfToken(b.options)).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys((await getProviders(b.options)) ?? {})).toContain("credentials");
    expect(b.requests).toEqual([
      `GET ${origin}/api/auth/session`,
      `GET ${origin}/api/auth/csrf`,
      `GET ${origin}/api/auth/providers`,
    ]);
  });

  it("sends signIn, getSession and signOut under a rendered SessionProvider's basePath", async () => {
    const origin = await serveAt("/custom/auth");
    renderToString(createElement(SessionProvider, { basePath: "/custom/auth", session: null }));
    const b = browser(origin);
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wonderland",
      redirect: false,
    });
    expect(result?.ok).toBe(true);
    expect((await getSession(b.options))?.user?.name).toBe("Alice");
    expect(await signOut({ ...b.options, redirect: false })).toEqual({ url: `${origin}/` });
    expect(await getSession(b.options)).toBeNull();
    expect(b.requests.every((request) => request.includes(`${origin}/custom/auth/`))).toBe(true);
  });

  it("lets a call's own basePath win over the provider's", async () => {
    const origin = await serveAt("/auth");
    renderToString(createElement(SessionProvider, { basePath: "/custom/auth", session: null }));
    const b = browser(origin);
    expect(await getSession({ ...b.options, basePath: "/auth" })).toBeNull();
    expect(b.requests).toEqual([`GET ${origin}/auth/session`]);
  });
});

describe("SessionContext", () => {
  it("gives useContext the value useSession answers, and undefined outside a provider", () => {
    const seen: (SessionContextValue | undefined)[] = [];
    function Probe() {
      seen.push(useContext(SessionContext));
      return null;
    }
    const session = { user: { name: "Alice" }, expires: "2030-01-01T00:00:00.000Z" };
    renderToString(createElement(SessionProvider, { session }, createElement(Probe)));
    renderToString(createElement(Probe));
    expect(seen[0]).toMatchObject({ data: session, status: "authenticated" });
    expect(typeof seen[0]?.update).toBe("function");
    expect(seen[1]).toBeUndefined();
  });
});
