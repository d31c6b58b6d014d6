/**
 * `@portcullis/client/solid-start`, what the codemod makes of `@auth/solid-start/client`: its
 * `signIn` and `signOut` ask `/api/auth`, where an app moved from `@auth/solid-start` serves its
 * routes, as that client did; `configureClient` and a call's `basePath` still decide first. The
 * server is a real Portcullis server on loopback.
 */
import { configureClient, getSession } from "@portcullis/client";
import { signIn, signOut } from "@portcullis/client/solid-start";
import { afterEach, describe, expect, it } from "vitest";
import { browser, type PortcullisApp, startPortcullis } from "./helpers";

let server: PortcullisApp | undefined;

afterEach(async () => {
  configureClient({});
  await server?.app.close();
  server = undefined;
});

async function serveAt(basePath: string): Promise<string> {
  server = await startPortcullis({ basePath });
  return server.app.url;
}

describe("the SolidStart entry's basePath", () => {
  it("signs in and out under /api/auth by default, as @auth/solid-start/client does", async () => {
    const origin = await serveAt("/api/auth");
    const b = browser(origin);
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wonderland",
      redirect: false,
    });
    expect(result).toMatchObject({ ok: true, error: undefined });
    expect((await getSession({ ...b.options, basePath: "/api/auth" }))?.user?.name).toBe("Alice");
    expect(await signOut({ ...b.options, redirect: false })).toEqual({ url: expect.any(String) });
    expect(await getSession({ ...b.options, basePath: "/api/auth" })).toBeNull();
    expect(b.requests.filter((request) => !request.includes("/api/auth/"))).toEqual([]);
  });

  it("follows configureClient's basePath", async () => {
    const origin = await serveAt("/custom/auth");
    configureClient({ basePath: "/custom/auth" });
    const b = browser(origin);
    const result = await signIn("credentials", {
      ...b.options,
      username: "alice",
      password: "wonderland",
      redirect: false,
    });
    expect(result).toMatchObject({ ok: true });
    expect(b.requests.every((request) => request.includes("/custom/auth/"))).toBe(true);
  });
});
