import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import MicrosoftEntraID, { graphBaseUrl } from "@portcullis/core/providers/microsoft-entra-id";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// No real Microsoft Graph can run here: a loopback server stands in for it.
let server: Server;
let base = "";
const seen: { url?: string; auth?: string } = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.url = req.url;
    seen.auth = req.headers.authorization;
    if (req.headers.authorization === "Bearer with-photo") {
      res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([137, 80, 78, 71]));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1.0`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const claims = { iss: "i", aud: "a", exp: 0, iat: 0, sub: "user-1", name: "Ada" };

describe("microsoft-entra-id profile photo", () => {
  it("puts the Graph photo of the requested size into image as a data URL with its content type", async () => {
    const provider = MicrosoftEntraID({ profilePhotoSize: 96, [graphBaseUrl]: base });
    const user = await provider.profile?.(claims, { access_token: "with-photo", token_type: "bearer" });
    expect(seen.url).toBe("/v1.0/me/photos/96x96/$value");
    expect(seen.auth).toBe("Bearer with-photo");
    expect(user?.image).toBe("data:image/png;base64,iVBORw==");
  });

  it("leaves image null when Graph has no photo (404)", async () => {
    const provider = MicrosoftEntraID({ [graphBaseUrl]: base });
    const user = await provider.profile?.(claims, { access_token: "no-photo", token_type: "bearer" });
    expect(seen.url).toBe("/v1.0/me/photos/48x48/$value");
    expect(user).toEqual({ id: "user-1", name: "Ada", email: null, image: null });
  });

  it("leaves image null when Graph cannot be reached", async () => {
    const provider = MicrosoftEntraID({ [graphBaseUrl]: "http://127.0.0.1:1/v1.0" });
    const user = await provider.profile?.(claims, { access_token: "with-photo", token_type: "bearer" });
    expect(user?.image).toBeNull();
  });

  it("asks for Graph's User.Read scope", () => {
    const provider = MicrosoftEntraID({ clientId: "c", clientSecret: "s" });
    const authorization = provider.authorization as { params?: Record<string, string> };
    expect(authorization.params?.scope).toBe("openid profile email User.Read");
  });
});
