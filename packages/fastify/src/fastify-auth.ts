import { Auth, type AuthConfigInput } from "@portcullis/core";
import type { FastifyPluginAsync } from "fastify";
import { sendWebResponse } from "./send-web-response";
import { toWebRequest } from "./to-web-request";

/**
 * A Fastify plugin answering every auth action (sign-in, callbacks, session, sign-out...) with GET
 * and POST on `{prefix}/*`. `basePath` is the registration prefix unless the configuration sets
 * one, which must then match. Inside the plugin (encapsulated: the rest of the app keeps its own
 * parsers) every body is kept as raw text, because the core parses forms and JSON itself. Behind
 * a proxy, set Fastify's `trustProxy` so X-Forwarded-Host/Proto are honoured; they are ignored otherwise.
 *
 * @param config The configuration, or a function of the Web Request returning it.
 * @returns The plugin, for `app.register(FastifyAuth(config), { prefix: "/auth" })`. A request
 * whose Host is not a plain `host[:port]` gets a 400; configuration problems get the core's 500.
 * @example
 * ```ts
 * import Fastify from "fastify"
 * import { FastifyAuth } from "@portcullis/fastify"
 * const app = Fastify()
 * await app.register(FastifyAuth({ providers: [Credentials({ authorize })] }), { prefix: "/auth" })
 * ```
 */
export function FastifyAuth(config: AuthConfigInput): FastifyPluginAsync {
  return async (fastify) => {
    const mount = { basePath: fastify.prefix };
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    fastify.route({
      method: ["GET", "POST"],
      url: "/*",
      handler: async (request, reply) => {
        const webRequest = toWebRequest(request);
        // The core's own answer to a request it cannot route, for one it could not even be given.
        const response = webRequest
          ? await Auth(webRequest, config, mount)
          : Response.json("Bad request.", { status: 400 });
        return sendWebResponse(reply, response);
      },
    });
  };
}
