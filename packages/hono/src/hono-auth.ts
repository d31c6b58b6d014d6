import { Auth, type AuthConfigInput } from "@portcullis/core";
import type { Handler } from "hono";

/**
 * A Hono handler answering every auth action (sign-in, callbacks, session, sign-out...) with the
 * engine's HTTP face. The Web Request goes to the engine untouched, so it runs wherever Hono does
 * (Node, Bun, Deno, Workers). The route's path must be `{basePath}/*` with the configuration's
 * `basePath` (default `/auth`), and no middleware before it may read the body.
 *
 * @param config The configuration, or a function of the request returning it.
 * @returns A handler for `app.on(["GET", "POST"], "/auth/*", ...)`. Never throws: configuration
 * problems are answered with a 500.
 * @example
 * ```ts
 * import { Hono } from "hono"
 * import { HonoAuth } from "@portcullis/hono"
 * const app = new Hono()
 * app.on(["GET", "POST"], "/auth/*", HonoAuth({ providers: [Credentials({ authorize })] }))
 * ```
 */
export function HonoAuth(config: AuthConfigInput): Handler {
  return (c) => Auth(c.req.raw, config);
}
