/**
 * A credentials provider given no `authorize`: as in Auth.js, the configuration is valid and
 * every sign-in is refused with CredentialsSignin (never a 500, never a session).
 */
import Credentials from "@portcullis/core/providers/credentials";
import { describe, expect, it } from "vitest";
import { client, config } from "./helpers";

const cases = [
  { name: "Credentials({ credentials })", provider: Credentials({ credentials: { username: {} } }) },
  { name: "Credentials()", provider: Credentials() },
  { name: "the bare Credentials factory", provider: Credentials },
];

describe("Credentials without authorize", () => {
  for (const { name, provider } of cases) {
    it(`${name} refuses every sign-in with CredentialsSignin and sets no session`, async () => {
      const c = client(config({ providers: [provider] }));
      const csrfToken = await c.csrfToken();
      const response = await c.post("/auth/callback/credentials", {
        form: { csrfToken, username: "alice", password: "wonderland" },
      });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location") ?? "");
      expect(location.pathname).toBe("/auth/signin");
      expect(location.searchParams.get("error")).toBe("CredentialsSignin");
      expect(location.searchParams.get("code")).toBe("credentials");
      expect(await (await c.get("/auth/session")).json()).toBeNull();
    });
  }

  it("lists the provider, so a sign-in page can show its form", async () => {
    const response = await client(config({ providers: [Credentials()] })).get("/auth/providers");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ credentials: { id: "credentials", type: "credentials" } });
  });
});
