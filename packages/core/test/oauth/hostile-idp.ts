/**
 * A hostile plain OAuth 2 identity provider on node:http: the token and userinfo endpoints answer
 * whatever the test sets. The sign-in is driven with PKCE only, so the callback needs no state.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuth2Config } from "@portcullis/core";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HostileIdp {
  url: string;
  token: Handler;
  userinfo: Handler;
  stop(): Promise<void>;
}

export const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

export async function startHostileIdp(): Promise<HostileIdp> {
  const idp: HostileIdp = {
    url: "",
    token: json({ access_token: "at", token_type: "bearer" }),
    userinfo: json({ sub: "mallory", email: "mallory@evil.test", name: "Mallory" }),
    stop: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    // Drain the request body first.
    req.resume();
    req.on("end", () => {
      if (path === "/token") return idp.token(req, res);
      if (path === "/userinfo") return idp.userinfo(req, res);
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  idp.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp.stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return idp;
}

export function hostileProvider(idp: HostileIdp, overrides: Partial<OAuth2Config> = {}): OAuth2Config {
  return {
    id: "evil",
    name: "Evil",
    type: "oauth",
    authorization: { url: `${idp.url}/authorize`, params: { scope: "email" } },
    token: `${idp.url}/token`,
    userinfo: `${idp.url}/userinfo`,
    clientId: "client",
    clientSecret: "client-secret",
    ...overrides,
  };
}
