import { type AuthConfig, AuthError, memorySessionStore, type SessionInfo } from "@portcullis/core";
import { listSessions, revokeSessions } from "@portcullis/hono";
import { type IntegrationApp, integrationConfig, signInAsAlice, type TestClient } from "@portcullis/testkit";
import type { Context, Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, listen } from "./helpers";

/** The answer of a session-control call as JSON; an AuthError as a 400 naming its type. */
async function answer(c: Context, run: () => Promise<unknown>): Promise<Response> {
  try {
    return c.json({ answer: await run() });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return c.json({ error: error.type }, 400);
  }
}

/** The test app with `/sessions` (listSessions) and `/admin/revoke/:id` (revokeSessions). */
function withSessionRoutes(config: AuthConfig): Hono {
  const app = buildApp(config);
  app.get("/sessions", (c) => answer(c, () => listSessions(c, config)));
  app.post("/admin/revoke/:id", (c) => answer(c, () => revokeSessions(c.req.param("id"), config)));
  return app;
}

async function signedIn(app: IntegrationApp): Promise<TestClient> {
  const client = app.client();
  await signInAsAlice(client);
  return client;
}

describe("listSessions and revokeSessions with a session store", () => {
  let app: IntegrationApp;
  beforeAll(async () => {
    // Checked against the store on every read, so a revocation shows at once.
    const session = { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 } as const;
    app = await listen(withSessionRoutes(integrationConfig({ session })));
  });
  afterAll(() => app.close());

  it("lists the request's user's sessions, and null when signed out", async () => {
    expect(await (await app.client().get("/sessions")).json()).toEqual({ answer: null });
    await signedIn(app);
    const phone = await signedIn(app);
    const { answer } = (await (await phone.get("/sessions")).json()) as { answer: SessionInfo[] };
    expect(answer.map((s) => s.current).sort()).toEqual([false, true]);
  });

  it("revokes every session of a user for admin code", async () => {
    const [a, b] = [await signedIn(app), await signedIn(app)];
    const response = await app.client().post("/admin/revoke/u1");
    expect(((await response.json()) as { answer: number }).answer).toBeGreaterThanOrEqual(2);
    expect([(await a.get("/me")).status, (await b.get("/me")).status]).toEqual([401, 401]);
  });
});

describe("listSessions without a session store", () => {
  let app: IntegrationApp;
  beforeAll(async () => {
    app = await listen(withSessionRoutes(integrationConfig({ logger: { error: () => {} } })));
  });
  afterAll(() => app.close());

  it("throws UnsupportedStrategy", async () => {
    const client = await signedIn(app);
    const response = await client.get("/sessions");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "UnsupportedStrategy" });
  });
});
