/**
 * Back-channel logout on SvelteKit. SvelteKit refuses any form POST without a matching Origin
 * before a hook runs, and a provider's logout POST is server to server, with no Origin: the README
 * routes it to Portcullis in a custom Node server in front of adapter-node's `handler.js`. This is
 * that server, on the built fixture app, in the test's process.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Auth, type AuthConfig, memorySessionStore } from "@portcullis/core";
import { requestFromNode, responseToNode } from "@portcullis/core/node";
import OAuth from "@portcullis/core/providers/oauth";
import { startOpenIdProvider, type TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltFixture, buildFixture } from "./helpers";

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

const LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
const CLIENT = { client_id: "sveltekit-app", client_secret: "sveltekit-secret" };

let built: BuiltFixture | undefined;
let idp: TestOpenIdProvider;
const servers: Server[] = [];

/** Listens on 127.0.0.1 and a free port; answers the origin. */
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let front: string;
let svelteKitAlone: string;

beforeAll(async () => {
  built = await buildFixture();
  idp = await startOpenIdProvider({ clients: [{ ...CLIENT, redirect_uris: ["http://127.0.0.1/unused"] }] });
  const config: AuthConfig = {
    secret: "backchannel-server-secret-with-32-characters",
    trustHost: true,
    providers: [
      OAuth({
        id: "idp",
        name: "IdP",
        type: "oidc",
        issuer: idp.issuer,
        clientId: CLIENT.client_id,
        clientSecret: CLIENT.client_secret,
      }),
    ],
    session: { strategy: "jwt", store: memorySessionStore() },
    logger: { error: () => {} },
  };
  // The README's server: the back-channel route to Portcullis, everything else to SvelteKit.
  const server = createServer();
  front = await listen(server);
  process.env.ORIGIN = front; // adapter-node reads it when handler.js loads
  const { handler } = (await import(pathToFileURL(join(built.serverDir, "handler.js")).href)) as {
    handler: NodeHandler;
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "POST" && req.url?.startsWith("/auth/backchannel-logout/")) {
      void Auth(requestFromNode(req, { origin: front }), config).then((response) =>
        responseToNode(res, response),
      );
      return;
    }
    handler(req, res);
  });
  svelteKitAlone = await listen(createServer(handler));
}, 180_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await idp?.stop();
  delete process.env.ORIGIN;
  built?.remove();
});

/** Posts a logout token as a provider does: a form, no Origin, no cookies. */
function postLogoutToken(origin: string, token: string): Promise<Response> {
  return fetch(`${origin}/auth/backchannel-logout/idp`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ logout_token: token }),
  });
}

const validToken = () =>
  idp.sign({
    iss: idp.issuer,
    aud: CLIENT.client_id,
    iat: Math.floor(Date.now() / 1000),
    jti: crypto.randomUUID(),
    events: { [LOGOUT_EVENT]: {} },
    sub: "nobody-signed-in",
  });

describe("back-channel logout through a custom server in front of SvelteKit", () => {
  it("SvelteKit's own server refuses the provider's POST: it carries no Origin", async () => {
    const response = await postLogoutToken(svelteKitAlone, await validToken());
    expect(response.status).toBe(403);
  });

  it("the custom server hands it to Portcullis, which accepts a token the provider signed", async () => {
    const response = await postLogoutToken(front, await validToken());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("and refuses a token the provider did not sign", async () => {
    const [header, payload] = (await validToken()).split(".");
    const response = await postLogoutToken(front, `${header}.${payload}.${"A".repeat(342)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
  });

  it("every other request goes to the SvelteKit app", async () => {
    const response = await fetch(`${front}/me-twice`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ same: true, session: null });
  });
});
