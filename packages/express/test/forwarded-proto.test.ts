/**
 * Behind a trusted proxy, an X-Forwarded-Proto other than http or https (`javascript`, `ws`,
 * `foo`) is ignored for the connection's own scheme, as the core ignores it when it reads the
 * header itself: ExpressAuth never builds URLs or redirects on such a scheme (an origin of
 * "null", links on ws://) and never answers 500 for it.
 */
import { integrationConfig, signInAsAlice } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, listen } from "./helpers";

describe("ExpressAuth behind a trusted proxy that passes a bogus X-Forwarded-Proto", () => {
  let app: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    app = await listen(buildApp(integrationConfig(), { trustProxy: true }));
  });
  afterAll(() => app.close());

  it.each(["javascript", "ws", "foo"])(
    "X-Forwarded-Proto: %s is ignored as the core ignores it: URLs stay on http://host",
    async (proto) => {
      const headers = { "x-forwarded-proto": proto };
      const response = await app.client().get("/auth/providers", { headers });
      const { credentials } = (await response.json()) as { credentials: { signinUrl: string } };
      expect(credentials.signinUrl).toBe(`${app.origin}/auth/signin/credentials`);
    },
  );

  it.each(["javascript", "ws", "foo"])(
    "X-Forwarded-Proto: %s never turns a credentials sign-in into a 500",
    async (proto) => {
      const response = await signInAsAlice(app.client(), { headers: { "x-forwarded-proto": proto } });
      expect({ status: response.status, location: response.headers.get("location") }).toEqual({
        status: 302,
        location: `${app.origin}/dashboard`,
      });
    },
  );
});
