/** Session control from server routes: the shared suite on a real server of this framework. */
import { type AuthConfig, AuthError } from "@portcullis/core";
import { listSessions, revokeSessions } from "@portcullis/fastify";
import { runSessionControlSuite } from "@portcullis/testkit";
import type { FastifyInstance, FastifyReply } from "fastify";
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

runSessionControlSuite("Fastify", async (config) => listen(await withSessionRoutes(config)));
