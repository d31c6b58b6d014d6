import { nodeHeadersOf } from "@portcullis/core/node";
import type { FastifyReply } from "fastify";

/**
 * Sends a Web Response through a Fastify reply: status, headers with every Set-Cookie as its own
 * header line (`nodeHeadersOf`), and the body as bytes, so Fastify serialises nothing again.
 * Sent through the reply rather than written to `reply.raw`, so the app's hooks (`onSend`) and
 * headers other plugins set on the reply still apply to the auth routes.
 *
 * @param reply The Fastify reply, not yet sent.
 * @param response The core's answer.
 * @returns The sent reply, for the route handler to return.
 * @throws When reading the Web Response's body fails.
 * @example
 * ```ts
 * fastify.get("/auth/*", async (request, reply) =>
 *   sendWebResponse(reply, await Auth(toWebRequest(request), config)),
 * )
 * ```
 */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status).headers(nodeHeadersOf(response));
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
