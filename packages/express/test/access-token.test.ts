/** getAccessToken from a server route: the shared suite on a real server of this framework. */
import { type AuthConfig, AuthError } from "@portcullis/core";
import { getAccessToken } from "@portcullis/express";
import { runAccessTokenSuite } from "@portcullis/testkit";
import type express from "express";
import { buildApp, listen } from "./helpers";

/** The test app behind the loopback proxy, with `/token?provider=` (getAccessToken, provider `idp` by default). */
function withTokenRoute(config: AuthConfig): express.Express {
  const app = buildApp(config, { trustProxy: true });
  app.get("/token", async (req, res) => {
    try {
      const provider = typeof req.query.provider === "string" ? req.query.provider : "idp";
      res.json({ answer: await getAccessToken(req, res, provider, config) });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      res.status(400).json({ error: error.type });
    }
  });
  return app;
}

runAccessTokenSuite("Express", async (config) => listen(withTokenRoute(config)));
