import type { FastifyReply } from "fastify";

/**
 * Sends a Web Response through a Fastify reply: status, headers with every Set-Cookie as its own
 * header line (joined with commas, cookies' `Expires` dates would split them apart), and the body
 * as bytes, so Fastify serialises nothing again.
 *
 * @param reply The Fastify reply, not yet sent.
 * @param response The core's answer.
 * @returns The sent reply, for the route handler to return.
 * @throws When reading the Web Response's body fails.
 * @example
 * ```ts
 * return sendWebResponse(reply, await Auth(toWebRequest(request), config))
 * ```
 */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
