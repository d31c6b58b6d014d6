/**
 * The session-control checks every server-side integration (Express, Fastify, Hono) passes: its
 * `listSessions(req, config)` and `revokeSessions(userId, config)` behind two routes of a real
 * server. One suite, so a behaviour is asserted once and holds for every framework.
 *
 * @module
 */
import { type AuthConfig, memorySessionStore, type SessionInfo } from "@portcullis/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "./client";
import { type IntegrationApp, integrationConfig, signInAsAlice } from "./integration-suite";

/**
 * Starts the framework's test app for a configuration, with the auth routes, `/me`, and:
 * `GET /sessions` answering `{ answer: listSessions(...) }`, `POST /admin/revoke/:id` answering
 * `{ answer: revokeSessions(id, ...) }`; an AuthError from either as `400 { error: type }`.
 */
export type StartSessionControlApp = (config: AuthConfig) => Promise<IntegrationApp>;

async function signedIn(app: IntegrationApp): Promise<TestClient> {
  const client = app.client();
  await signInAsAlice(client);
  return client;
}

/**
 * Registers the suite.
 *
 * @param framework The framework's name, for the test titles.
 * @param start Starts the app (see {@link StartSessionControlApp}).
 * @example
 * ```ts
 * runSessionControlSuite("Express", async (config) => listen(withSessionRoutes(config)))
 * ```
 */
export function runSessionControlSuite(framework: string, start: StartSessionControlApp): void {
  describe(`${framework}: listSessions and revokeSessions with a session store`, () => {
    let app: IntegrationApp;
    beforeAll(async () => {
      // Checked against the store on every read, so a revocation shows at once.
      const session = { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 } as const;
      app = await start(integrationConfig({ session }));
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

  describe(`${framework}: listSessions without a session store`, () => {
    let app: IntegrationApp;
    beforeAll(async () => {
      app = await start(integrationConfig({ logger: { error: () => {} } }));
    });
    afterAll(() => app.close());

    it("throws UnsupportedStrategy", async () => {
      const client = await signedIn(app);
      const response = await client.get("/sessions");
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "UnsupportedStrategy" });
    });
  });
}
