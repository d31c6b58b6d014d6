import { type AuthConfig, AuthError, memorySessionStore, type SessionInfo } from "@portcullis/core";
import { listSessions, revokeSessions } from "@portcullis/fastify";
import { type IntegrationApp, integrationConfig, signInAsAlice, type TestClient } from "@portcullis/testkit";
import type { FastifyInstance, FastifyReply } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, listen } from "./helpers";

/** The answer of a session-control call as JSON; an AuthError as a 400 naming its type. */
async function answer(reply: FastifyReply, run: () => Promise<unknown>) {
  try {
    return { answer: await run() };
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return reply.status(400).send({ error: error.type });
  }
}

/** The test app with `/sessions` (listSessions) and `/admin/revoke/:id` (revokeSessions). */
async function withSessionRoutes(config: AuthConfig): Promise<FastifyInstance> {
  const app = await buildApp(config);
  app.get("/sessions", (request, reply) => answer(reply, () => listSessions(request, config)));
  app.post<{ Params: { id: string } }>("/admin/revoke/:id", (request, reply) =>
    answer(reply, () => revokeSessions(request.params.id, config)),
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
    app = await listen(await withSessionRoutes(integrationConfig({ session })));
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
    app = await listen(await withSessionRoutes(integrationConfig({ logger: { error: () => {} } })));
  });
  afterAll(() => app.close());

  it("throws UnsupportedStrategy", async () => {
    const client = await signedIn(app);
    const response = await client.get("/sessions");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "UnsupportedStrategy" });
  });
});
