/**
 * Identity provider requests that never get an answer end after `timeouts.http` in the usual
 * provider-failure redirect. The stalling peer is a loopback HTTP server that accepts each
 * request and never responds: the real OpenID Provider (oidc-provider) cannot be told to stall,
 * so it serves everything else. Vitest's per-test time-out is the guard against a hang.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALICE,
  browser,
  deliver,
  location,
  oauthConfig,
  oidcProvider,
  providerAnswer,
  startIdp,
  startSignIn,
} from "./helpers";

const GUARD = { timeout: 3_000 };
const TIMEOUTS = { http: 200 };

let idp: TestOpenIdProvider;
let stall: Server;
let stallUrl: string;
const stalled: string[] = [];

beforeAll(async () => {
  idp = await startIdp();
  // Reads each request and never answers it, like a provider stuck behind a dead upstream.
  stall = createServer((request) => void stalled.push(request.url ?? ""));
  await new Promise<void>((resolve) => stall.listen(0, "127.0.0.1", resolve));
  stallUrl = `http://127.0.0.1:${(stall.address() as AddressInfo).port}`;
});

afterAll(async () => {
  stall.closeAllConnections();
  await new Promise((resolve) => stall.close(resolve));
  await idp.stop();
});

function logged(config: { recorded: { errors: Error[] } }): string {
  return config.recorded.errors.map((e) => `${e.name}: ${e.message}`).join("\n");
}

describe("provider that never answers", () => {
  it("sends a sign-in whose discovery stalls back to the sign-in page", GUARD, async () => {
    const config = oauthConfig([oidcProvider(idp, { issuer: `${stallUrl}/stuck-issuer` })], {
      timeouts: TIMEOUTS,
    });
    const response = await startSignIn(browser(config));
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthProviderUnavailable");
    expect(stalled).toContain("/stuck-issuer/.well-known/openid-configuration");
    expect(logged(config)).toContain(
      `discovery request to ${stallUrl}/stuck-issuer/.well-known/openid-configuration failed: no answer in time`,
    );
  });

  it(
    "sends a callback whose token request stalls back to the sign-in page and stores nothing",
    GUARD,
    async () => {
      const adapter = MemoryAdapter();
      const config = oauthConfig([oidcProvider(idp, { token: `${stallUrl}/token` })], {
        adapter,
        timeouts: TIMEOUTS,
      });
      const client = browser(config);
      const answer = await providerAnswer(idp, location(await startSignIn(client)));
      const response = await deliver(client, answer);
      expect(location(response).href).toBe(
        "http://localhost:3000/auth/signin?error=OAuthProviderUnavailable",
      );
      expect(stalled).toContain("/token");
      expect(logged(config)).toContain(`token request to ${stallUrl}/token failed: no answer in time`);
      expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: ALICE.sub })).toBeNull();
      expect(client.jar.get("authjs.session-token")).toBeUndefined();
    },
  );

  it(
    "sends a callback whose custom token request never settles back to the sign-in page",
    GUARD,
    async () => {
      const config = oauthConfig(
        [oidcProvider(idp, { token: { url: `${idp.issuer}/token`, request: () => new Promise(() => {}) } })],
        { timeouts: TIMEOUTS },
      );
      const client = browser(config);
      const answer = await providerAnswer(idp, location(await startSignIn(client)));
      expect(location(await deliver(client, answer)).href).toBe(
        "http://localhost:3000/auth/signin?error=OAuthProviderUnavailable",
      );
      expect(logged(config)).toContain("custom token request failed: no answer in time");
      expect(client.jar.get("authjs.session-token")).toBeUndefined();
    },
  );
});
