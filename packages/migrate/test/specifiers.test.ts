import { replacementPackages, rewriteSpecifier } from "@portcullis/migrate";
import { describe, expect, it } from "vitest";

describe("rewriteSpecifier", () => {
  it.each([
    ["next-auth", "@portcullis/next"],
    ["next-auth/react", "@portcullis/client/react"],
    ["next-auth/jwt", "@portcullis/core/jwt"],
    ["next-auth/adapters", "@portcullis/core/adapters"],
    ["next-auth/providers/github", "@portcullis/core/providers/github"],
    ["next-auth/providers/microsoft-entra-id", "@portcullis/core/providers/microsoft-entra-id"],
    ["@auth/core", "@portcullis/core"],
    ["@auth/core/types", "@portcullis/core/types"],
    ["@auth/core/jwt", "@portcullis/core/jwt"],
    ["@auth/core/errors", "@portcullis/core/errors"],
    ["@auth/core/providers/google", "@portcullis/core/providers/google"],
    ["@auth/express", "@portcullis/express"],
    ["@auth/express/providers/credentials", "@portcullis/core/providers/credentials"],
    ["@auth/sveltekit", "@portcullis/sveltekit"],
    ["@auth/sveltekit/components", "@portcullis/sveltekit/components"],
    ["@auth/sveltekit/providers/github", "@portcullis/core/providers/github"],
    ["@auth/solid-start", "@portcullis/solid-start"],
    ["@auth/fastify", "@portcullis/fastify"],
    ["@auth/fastify/providers/github", "@portcullis/core/providers/github"],
    ["@auth/core/providers", "@portcullis/core/providers"],
    ["@auth/core/providers/oauth", "@portcullis/core/providers"],
    ["next-auth/providers", "@portcullis/core/providers"],
    ["@auth/express/adapters", "@portcullis/express/adapters"],
    ["@auth/express/providers", "@portcullis/express/providers"],
    ["@auth/sveltekit/adapters", "@portcullis/sveltekit/adapters"],
    ["@auth/sveltekit/providers", "@portcullis/sveltekit/providers"],
    ["@auth/solid-start/adapters", "@portcullis/solid-start/adapters"],
    ["@auth/solid-start/client", "@portcullis/client/solid-start"],
  ])("renames %s to %s", (from, to) => {
    expect(rewriteSpecifier(from)).toEqual({ kind: "rename", to });
  });

  it.each(["@auth/kysely-adapter", "@auth/pg-adapter", "@auth/drizzle-adapter", "@auth/prisma-adapter"])(
    "keeps the Auth.js adapter %s, which works with Portcullis as it is",
    (specifier) => {
      expect(rewriteSpecifier(specifier)).toEqual({ kind: "keep" });
    },
  );

  it.each([
    "next-auth/middleware",
    "next-auth/next",
    "next-auth/client",
    "next-auth/unknown",
    "@auth/unknown",
    "@auth/sveltekit/server",
    "@auth/core/lib/utils",
    "@auth/core/providers/not-a-provider",
    "next-auth/webauthn",
  ])("leaves %s for a person, saying why", (specifier) => {
    expect(rewriteSpecifier(specifier)).toMatchObject({
      kind: "manual",
      reason: expect.stringContaining(specifier),
    });
  });

  it.each(["react", "next", "@authx/core", "next-authentication", "./next-auth"])(
    "ignores %s",
    (specifier) => {
      expect(rewriteSpecifier(specifier)).toBeUndefined();
    },
  );
});

describe("replacementPackages", () => {
  it("replaces next-auth with the Next.js integration, the client and the core", () => {
    expect(replacementPackages("next-auth")).toEqual([
      "@portcullis/next",
      "@portcullis/client",
      "@portcullis/core",
    ]);
  });

  it("replaces @auth/fastify with the Fastify integration and the core", () => {
    expect(replacementPackages("@auth/fastify")).toEqual(["@portcullis/fastify", "@portcullis/core"]);
  });

  it("keeps adapters and unrelated packages", () => {
    expect(replacementPackages("@auth/kysely-adapter")).toBeUndefined();
    expect(replacementPackages("express")).toBeUndefined();
  });
});
