import { type AuthConfig, AuthError, memorySessionStore, type SessionInfo } from "@portcullis/core";
import { listSessions, revokeSessions } from "@portcullis/express";
import { type IntegrationApp, integrationConfig, signInAsAlice, type TestClient } from "@portcullis/testkit";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, listen } from "./helpers";

/** The test app with `/sessions` (listSessions) and `/admin/revoke/:id` (revokeSessions). */
function withSessionRoutes(config: AuthConfig): express.Express {
  const app = buildApp(config);
  const answer =
    (run: (req: express.Request) => Promise<unknown>): express.RequestHandler =>
    async (req, res) => {
      try {
        res.json({ answer: await run(req) });
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        res.status(400).json({ error: error.type });
      }
    };
  app.get(
    "/sessions",
    answer((req) => listSessions(req, config)),
  );
  app.post(
    "/admin/revoke/:id",
    answer((req) => revokeSessions(String(req.params.id), config)),
  );
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
