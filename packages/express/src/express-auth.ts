import { Auth, type AuthConfigInput } from "@portcullis/core";
import { responseToNode } from "@portcullis/core/node";
import type { RequestHandler } from "express";
import { mountPath } from "./request-origin";
import { toWebRequest } from "./to-web-request";

/**
 * Express middleware answering every auth action (sign-in, callbacks, session, sign-out...) under
 * the path it is mounted at, on Express 4.18+ and 5: `app.use("/auth", ...)`, or the wildcard
 * mounts of Auth.js's docs (`"/auth/*"` on Express 4, `"/auth/*splat"` on 5). `basePath` is that mount path unless the configuration sets one, which
 * must then match. Works whether or not the app parsed bodies before it. Behind a proxy, set
 * Express's `trust proxy` so X-Forwarded-Host/Proto are honoured; they are ignored otherwise.
 *
 * @param config The configuration, or a function of the Web Request returning it.
 * @returns Middleware for `app.use(path, ...)`. A request whose Host is not a plain `host[:port]`
 * gets a 400; configuration problems are answered by the core with a 500. Its promise never
 * rejects: anything that still fails (writing the answer) goes to `next(error)`, the app's error
 * handlers, since Express 4 leaves a rejected handler unhandled and Node then exits.
 * @example
 * ```ts
 * import express from "express"
 * import { ExpressAuth } from "@portcullis/express"
 * const app = express()
 * app.use("/auth", ExpressAuth({ providers: [Credentials({ authorize })] }))
 * ```
 */
export function ExpressAuth(config: AuthConfigInput): RequestHandler {
  return async (req, res, next) => {
    try {
      const request = toWebRequest(req);
      // The core's own answer to a request it cannot route, for one it could not even be given.
      const response = request
        ? await Auth(request, config, { basePath: mountPath(req) })
        : Response.json("Bad request.", { status: 400 });
      await responseToNode(res, response);
    } catch (error) {
      next(error);
    }
  };
}
