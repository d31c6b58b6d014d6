/** getAccessToken from a server route: the shared suite on a real server of this framework. */
import { type AuthConfig, AuthError } from "@portcullis/core";
import { getAccessToken } from "@portcullis/hono";
import { runAccessTokenSuite } from "@portcullis/testkit";
import type { Hono } from "hono";
import { buildApp, listen } from "./helpers";

/** The test app behind the loopback proxy, with `/token?provider=` (getAccessToken, provider `idp` by default). */
function withTokenRoute(config: AuthConfig): Hono {
  const app = buildApp(config);
  app.get("/token", async (c) => {
    try {
      return c.json({ answer: await getAccessToken(c, c.req.query("provider") ?? "idp", config) });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return c.json({ error: error.type }, 400);
    }
  });
  return app;
}

runAccessTokenSuite("Hono", async (config) => listen(withTokenRoute(config)));
