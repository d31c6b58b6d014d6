/** getAccessToken from a server route: the shared suite on a real server of this framework. */
import { type AuthConfig, AuthError } from "@portcullis/core";
import { getAccessToken } from "@portcullis/fastify";
import { runAccessTokenSuite } from "@portcullis/testkit";
import type { FastifyInstance } from "fastify";
import { buildApp, listen } from "./helpers";

/** The test app behind the loopback proxy, with `/token?provider=` (getAccessToken, provider `idp` by default). */
async function withTokenRoute(config: AuthConfig): Promise<FastifyInstance> {
  const app = await buildApp(config, { trustProxy: true });
  app.get<{ Querystring: { provider?: string } }>("/token", async (request, reply) => {
    try {
      return { answer: await getAccessToken(request, reply, request.query.provider ?? "idp", config) };
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return reply.status(400).send({ error: error.type });
    }
  });
  return app;
}

runAccessTokenSuite("Fastify", async (config) => listen(await withTokenRoute(config)));
