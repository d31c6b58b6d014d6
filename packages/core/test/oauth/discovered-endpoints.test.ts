/**
 * A discovery document that parses but cannot be used (an endpoint that is not a URL, or plain
 * http on another host) ends the sign-in with a log line naming the provider and the endpoint,
 * raised as a configuration error at the step that needed it, and is not cached: once the
 * provider fixes it, the next sign-in works.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type HostileIdp, json, signInWith, startHostileIdp } from "./hostile-idp";

let idp: HostileIdp;
beforeEach(async () => {
  idp = await startHostileIdp();
});
afterEach(() => idp.stop());

const ok = async (nonce: string) => ({
  access_token: "at",
  token_type: "Bearer",
  id_token: await idp.idToken({ nonce }),
});

describe("a discovered endpoint that is not a URL", () => {
  it.each([
    ["a string that is not a URL", "not a url"],
    ["a number", 42],
  ])(
    "(%s) is logged naming the provider and the endpoint, at sign-in, as a sign-in error",
    async (_n, value) => {
      idp.discovery = json(idp.metadata({ userinfo_endpoint: value }));
      const { landed, errors } = await signInWith(idp, ok);
      expect(landed.startsWith("/auth/")).toBe(true);
      // Not a bare "Invalid URL" from deep inside the callback step.
      expect(errors[0]).toContain('"op"');
      expect(errors[0]).toContain("userinfo");
      expect(errors[0]?.startsWith("CallbackRouteError")).toBe(false);
    },
  );
});

describe("a discovery document that failed its checks", () => {
  it("is not kept for an hour: once the provider fixes it, the next sign-in works", async () => {
    idp.discovery = json(idp.metadata({ token_endpoint: "http://idp.example/token" }));
    const first = await signInWith(idp, ok);
    expect(first.errors.join("\n")).toContain("must use https");
    // The provider fixes its document.
    idp.discovery = json(idp.metadata());
    const second = await signInWith(idp, ok);
    expect(second.errors).toEqual([]);
    expect(second.landed).toBe("/dashboard");
  });
});
