/**
 * After a failed sign-in, the sign-in page shows the form with the address typed before: the
 * failure's redirect carries a plausible address back in `email`, and nothing else.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { SECRET } from "./helpers";

const ORIGIN = "http://localhost:3000";
const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  providers: [
    Credentials({
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      authorize: ({ email, password }) =>
        email === "ada@example.com" && password === "right" ? { id: "1", email: "ada@example.com" } : null,
    }),
  ],
  logger: { warn: () => {}, error: () => {} },
};

function browser(): TestClient {
  return new TestClient((request) => Auth(request, config), ORIGIN);
}

/** Posts the password form with these fields; returns the answer. */
async function post(client: TestClient, fields: Record<string, string>): Promise<Response> {
  const csrfToken = await client.csrfToken();
  return client.post("/auth/callback/credentials", { form: { csrfToken, callbackUrl: "/", ...fields } });
}

/** The value of the email input of the password form on the sign-in page at `url`. */
async function filledAddress(client: TestClient, url: string): Promise<string | undefined> {
  const { pathname, search } = new URL(url);
  const page = await (await client.get(pathname + search)).text();
  const input = /<input type="email" name="email"[^>]*>/.exec(page)?.[0] ?? "";
  const value = /value="([^"]*)"/.exec(input)?.[1];
  return value?.replaceAll("&#39;", "'").replaceAll("&amp;", "&");
}

describe("the address typed before a failed sign-in", () => {
  it("comes back filled in after a wrong password", async () => {
    const client = browser();
    const response = await post(client, { email: "ada@example.com", password: "wrong" });
    expect(response.status).toBe(302);
    const target = response.headers.get("location")!;
    expect(target).toBe(
      `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials&email=ada%40example.com`,
    );
    expect(await filledAddress(client, target)).toBe("ada@example.com");
  });

  it.each([
    ["an address with an apostrophe", "o'neil@example.com", "o'neil@example.com"],
    ["an address with spaces around it", "  ada@example.com ", "ada@example.com"],
    ["markup", "<script>alert(1)</script>@example.com", undefined],
    ["a quote that would end the attribute", 'ada"@example.com', undefined],
    ["two at signs", "ada@evil.test@example.com", undefined],
    ["no at sign", "ada", undefined],
    ["a line break", "ada@example.com\r\nSet-Cookie: x=1", undefined],
    ["a right-to-left override", "ada@example.com\u202e", undefined],
    ["a URL", "https://evil.test/@example.com", undefined],
    ["a very long value", `${"a".repeat(400)}@example.com`, undefined],
    ["an empty value", "", undefined],
  ])("keeps %s only when it is a plausible address", async (_name, typed, kept) => {
    const client = browser();
    const response = await post(client, { email: typed, password: "wrong" });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("location")!);
    expect(target.origin + target.pathname).toBe(`${ORIGIN}/auth/signin`);
    expect(target.searchParams.get("email") ?? undefined).toBe(kept);
    expect(await filledAddress(client, target.href)).toBe(kept);
  });

  it("comes back filled in after too many tries", async () => {
    const limited: AuthConfig = {
      ...config,
      secret: `${SECRET}-typed-address-limit`,
      providers: [
        Credentials({
          credentials: { email: { type: "email" }, password: { type: "password" } },
          rateLimit: { identifier: { max: 1, windowSeconds: 60 }, fields: ["email"] },
          authorize: () => null,
        }),
      ],
    };
    const client = new TestClient((request) => Auth(request, limited), ORIGIN);
    let response = await post(client, { email: "ada@example.com", password: "wrong" });
    for (let tries = 0; tries < 3 && !response.headers.get("location")?.includes("rate_limited"); tries++)
      response = await post(client, { email: "ada@example.com", password: "wrong" });
    const target = new URL(response.headers.get("location")!);
    // The password form's limit answers as Auth.js would: CredentialsSignin, code rate_limited.
    expect(target.searchParams.get("code")).toBe("rate_limited");
    expect(target.searchParams.get("email")).toBe("ada@example.com");
    expect(await filledAddress(client, target.href)).toBe("ada@example.com");
  });

  it("sends no address back when the form had no email field", async () => {
    const response = await post(browser(), { username: "ada@example.com", password: "wrong" });
    expect(new URL(response.headers.get("location")!).searchParams.has("email")).toBe(false);
  });
});
