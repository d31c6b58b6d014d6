/**
 * Type tests of the public generics: they are checked by `npm run typecheck` (tsc), and the
 * runtime assertions keep vitest honest about the file.
 */
import type { AuthConfig, JWT, OAuthUserConfig, Provider, Session } from "@portcullis/core";
import { getToken } from "@portcullis/core/jwt";
import Credentials from "@portcullis/core/providers/credentials";
import GitHub, { type GitHubProfile } from "@portcullis/core/providers/github";
import { describe, expect, expectTypeOf, it } from "vitest";

describe("public types", () => {
  it("types the fields of a provider's user config instead of collapsing them to unknown", () => {
    expectTypeOf<OAuthUserConfig<GitHubProfile>["clientId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<OAuthUserConfig<GitHubProfile>["profile"]>>()
      .parameter(0)
      .toEqualTypeOf<GitHubProfile>();
    // @ts-expect-error clientId must be a string
    GitHub({ clientId: 5 });
    expect(GitHub({ clientId: "id" }).clientId).toBe("id");
  });

  it("accepts bare factories and configured providers in one list", () => {
    const providers: Provider[] = [GitHub, GitHub({ clientId: "x" }), Credentials({ authorize: () => null })];
    expectTypeOf(providers).toEqualTypeOf<Provider[]>();
    const config: AuthConfig = { providers };
    expect(config.providers).toHaveLength(3);
  });

  it("answers a string from getToken with raw: true and a JWT otherwise", async () => {
    const req = new Request("http://localhost/");
    expectTypeOf(getToken({ req, secret: "s".repeat(32), raw: true })).resolves.toEqualTypeOf<
      string | null
    >();
    expectTypeOf(getToken({ req, secret: "s".repeat(32) })).resolves.toEqualTypeOf<JWT | null>();
    expect(await getToken({ req, secret: "s".repeat(32) })).toBeNull();
  });

  it("gives credentials' authorize the declared fields and the whole body", () => {
    Credentials({
      credentials: { pin: { label: "PIN" } },
      authorize: (fields) => {
        expectTypeOf(fields.pin).toEqualTypeOf<unknown>();
        expectTypeOf(fields).toHaveProperty("anythingElse");
        return null;
      },
    });
    expectTypeOf<Session["expires"]>().toEqualTypeOf<string>();
  });
});
