/**
 * A Microsoft Entra ID photo (a data URL in `image`, commonly 20-150 KB at `profilePhotoSize:
 * 648`) stays out of the JWT session cookie: the default token carries a `picture` of at most
 * 2,048 characters. In the cookie it would grow the Cookie header of every later request past
 * what servers accept (Node: 16 KiB), answered 431 before the app sees it, sign-out included.
 * (Over 64 KiB the image is not kept at all: no database column takes it everywhere.)
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuth2Config } from "@portcullis/core";
import MicrosoftEntraID, { graphBaseUrl } from "@portcullis/core/providers/microsoft-entra-id";
import { afterAll, beforeAll, expect, it } from "vitest";
import { browser, location, oauthConfig, startSignIn } from "./helpers";
import { type HostileIdp, hostileProvider, json, startHostileIdp } from "./hostile-idp";

let idp: HostileIdp;
let graph: Server;
let graphBase = "";
beforeAll(async () => {
  idp = await startHostileIdp();
  graph = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "image/jpeg" }).end(Buffer.alloc(40_000, 7)),
  );
  await new Promise<void>((resolve) => graph.listen(0, "127.0.0.1", resolve));
  graphBase = `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v1.0`;
});
afterAll(async () => {
  await idp.stop();
  await new Promise((resolve) => graph.close(resolve));
});

/** Node's default --max-http-header-size. */
const NODE_HEADER_LIMIT = 16 * 1024;

it("an Entra ID user with a 40 KB photo gets a JWT session cookie a server accepts back", async () => {
  const entra = MicrosoftEntraID({ profilePhotoSize: 648, [graphBaseUrl]: graphBase });
  idp.userinfo = json({ sub: "entra-jwt", email: "ada@contoso.test", name: "Ada" });
  const config = oauthConfig([hostileProvider(idp, { profile: entra.profile as OAuth2Config["profile"] })]);
  const client = browser(config);
  await startSignIn(client, "evil");
  const callback = await client.get("/auth/callback/evil?code=abc");
  expect(location(callback).pathname).toBe("/dashboard");
  const sessionCookies = callback.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .filter((pair) => pair.startsWith("authjs.session-token") && !pair.endsWith("="));
  const cookieHeader = sessionCookies.join("; ");
  expect(cookieHeader.length).toBeLessThan(NODE_HEADER_LIMIT);
});
