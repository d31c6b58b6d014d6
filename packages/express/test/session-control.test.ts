/** Session control from server routes: the shared suite on a real server of this framework. */
import { type AuthConfig, AuthError } from "@portcullis/core";
import { listSessions, revokeSessions } from "@portcullis/express";
import { runSessionControlSuite } from "@portcullis/testkit";
import type express from "express";
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

runSessionControlSuite("Express", async (config) => listen(withSessionRoutes(config)));
