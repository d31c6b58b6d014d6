/** Session control from server routes: the shared suite on a real server of this framework. */
import { type AuthConfig, AuthError } from "@portcullis/core";
import { listSessions, revokeSessions } from "@portcullis/hono";
import { runSessionControlSuite } from "@portcullis/testkit";
import type { Context, Hono } from "hono";
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

runSessionControlSuite("Hono", async (config) => listen(withSessionRoutes(config)));
