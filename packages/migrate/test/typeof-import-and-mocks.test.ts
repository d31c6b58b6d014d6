/**
 * Two places a module name hides besides imports: `typeof import("...")` types (with the export
 * they name, which the renamed module may lack) and the module names of a test suite's mocks
 * (`vi.mock("next-auth")`, `jest.requireActual("next-auth")`). Once the codemod renames the
 * import, a mock still naming `next-auth` would silently stop applying, so mocks are renamed too;
 * strings that are not a mock's module name stay as written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, rewriteSource } from "@portcullis/migrate";
import { describe, expect, it } from "vitest";

/** [what, before, after]: rewritten with nothing left for a person. */
const TYPEOF_IMPORTS: Array<[string, string, string]> = [
  [
    "a whole module",
    `type Auth = typeof import("next-auth")`,
    `type Auth = typeof import("@portcullis/next")`,
  ],
  [
    "a qualified export in a type argument",
    `type R = ReturnType<typeof import("@auth/core").Auth>`,
    `type R = ReturnType<typeof import("@portcullis/core").Auth>`,
  ],
  [
    "an indexed export",
    `type U = typeof import("next-auth/react")["useSession"]`,
    `type U = typeof import("@portcullis/client/react")["useSession"]`,
  ],
  [
    "a provider's default export, in single quotes",
    `let github: typeof import('next-auth/providers/github').default`,
    `let github: typeof import('@portcullis/core/providers/github').default`,
  ],
  [
    "a parenthesized import indexed",
    `type S = (typeof import("@hono/auth-js/react"))["useSession"]`,
    `type S = (typeof import("@portcullis/client/react"))["useSession"]`,
  ],
  [
    "an export of @hono/auth-js that has a counterpart",
    `type V = typeof import("@hono/auth-js").verifyAuth`,
    `type V = typeof import("@portcullis/hono").verifyAuth`,
  ],
  [
    "a whole module that lacks nothing",
    `type Core = typeof import("@auth/sveltekit")`,
    `type Core = typeof import("@portcullis/sveltekit")`,
  ],
];

/** [what, type, module, missing export]: left on the old module and listed, as a named import is. */
const TYPEOF_MISSING: Array<[string, string, string, string]> = [
  [
    "a qualified export",
    `type P = typeof import("@hono/auth-js/react").useOauthPopupLogin`,
    "@hono/auth-js/react",
    "useOauthPopupLogin",
  ],
  [
    "an indexed export",
    `type C = typeof import("@hono/auth-js/react")["authConfigManager"]`,
    "@hono/auth-js/react",
    "authConfigManager",
  ],
  [
    "a parenthesized import indexed",
    `type P = (typeof import("@hono/auth-js/react"))["useOauthPopupLogin"]`,
    "@hono/auth-js/react",
    "useOauthPopupLogin",
  ],
  [
    "an export in a type argument",
    `type R = ReturnType<typeof import("@hono/auth-js").reqWithEnvUrl>`,
    "@hono/auth-js",
    "reqWithEnvUrl",
  ],
  [
    "a member of the export",
    `type Set = typeof import("@hono/auth-js/react").authConfigManager.setConfig`,
    "@hono/auth-js/react",
    "authConfigManager",
  ],
];

describe("typeof import() types", () => {
  it.each(TYPEOF_IMPORTS)("renames %s", (_what, before, after) => {
    const source = `${before}\n`;
    expect(rewriteSource(source, "types.ts")).toEqual({
      text: `${after}\n`,
      changed: true,
      manual: [],
      wrapped: [],
    });
    expect(rewriteSource(`${after}\n`, "types.ts").changed).toBe(false);
  });

  it.each(TYPEOF_MISSING)("leaves %s the new module lacks, and lists it", (_what, type, specifier, name) => {
    const source = `import { SessionProvider } from "@hono/auth-js/react"\n${type}\n`;
    const { text, manual } = rewriteSource(source, "types.ts");
    expect(text).toBe(`import { SessionProvider } from "@portcullis/client/react"\n${type}\n`);
    expect(manual).toEqual([
      {
        file: "types.ts",
        line: 2,
        specifier,
        reason: expect.stringMatching(new RegExp(`^${name} has no Portcullis counterpart`)),
      },
    ]);
    // Running again changes nothing and lists the same.
    expect(rewriteSource(text, "types.ts")).toEqual({ text, changed: false, manual, wrapped: [] });
  });

  it("renames typeof import() of a whole module, listing what the new module lacks", () => {
    const source = `type Hono = typeof import("@hono/auth-js")\n`;
    expect(rewriteSource(source, "types.ts")).toEqual({
      text: `type Hono = typeof import("@portcullis/hono")\n`,
      changed: true,
      manual: [
        {
          file: "types.ts",
          line: 1,
          specifier: "@hono/auth-js",
          reason: expect.stringMatching(
            /^the type \(typeof import\(\)\) now takes @portcullis\/hono; where the code uses reqWithEnvUrl through it: /,
          ),
        },
      ],
      wrapped: [],
    });
  });

  it("lists a typeof import() of a module without counterpart, and leaves it", () => {
    const source = `type M = typeof import("next-auth/middleware")\n`;
    expect(rewriteSource(source, "types.ts")).toEqual({
      text: source,
      changed: false,
      manual: [
        {
          file: "types.ts",
          line: 1,
          specifier: "next-auth/middleware",
          reason: expect.stringContaining("v4"),
        },
      ],
      wrapped: [],
    });
  });
});

/** [call, before, after]: the module name of a mock, rewritten. */
const MOCKS: Array<[string, string, string]> = [
  [
    "vi.mock with a factory",
    `vi.mock("next-auth", () => ({ default: vi.fn() }))`,
    `vi.mock("@portcullis/next", () => ({ default: vi.fn() }))`,
  ],
  ["vi.mock without a factory", `vi.mock("next-auth/react")`, `vi.mock("@portcullis/client/react")`],
  [
    "vi.doMock in single quotes",
    `vi.doMock('next-auth/jwt', () => ({ getToken: vi.fn() }))`,
    `vi.doMock('@portcullis/core/jwt', () => ({ getToken: vi.fn() }))`,
  ],
  [
    "vi.importActual with a typeof import() type argument",
    `const actual = await vi.importActual<typeof import("next-auth")>("next-auth")`,
    `const actual = await vi.importActual<typeof import("@portcullis/next")>("@portcullis/next")`,
  ],
  [
    "vi.importMock",
    `const mocked = await vi.importMock("@auth/core")`,
    `const mocked = await vi.importMock("@portcullis/core")`,
  ],
  ["vi.unmock", `vi.unmock("@auth/sveltekit")`, `vi.unmock("@portcullis/sveltekit")`],
  ["vi.doUnmock", `vi.doUnmock("@auth/express")`, `vi.doUnmock("@portcullis/express")`],
  [
    "vi.mock of a template literal",
    "vi.mock(`next-auth/providers/github`)",
    "vi.mock(`@portcullis/core/providers/github`)",
  ],
  [
    "jest.mock with a factory",
    `jest.mock("next-auth", () => ({ auth: jest.fn() }))`,
    `jest.mock("@portcullis/next", () => ({ auth: jest.fn() }))`,
  ],
  ["jest.doMock", `jest.doMock("next-auth/react")`, `jest.doMock("@portcullis/client/react")`],
  [
    "jest.requireActual",
    `const { SessionProvider } = jest.requireActual("next-auth/react")`,
    `const { SessionProvider } = jest.requireActual("@portcullis/client/react")`,
  ],
  ["jest.unmock", `jest.unmock("next-auth")`, `jest.unmock("@portcullis/next")`],
  ["jest.dontMock", `jest.dontMock("next-auth")`, `jest.dontMock("@portcullis/next")`],
  ["jest.setMock", `jest.setMock("next-auth/jwt", {})`, `jest.setMock("@portcullis/core/jwt", {})`],
  [
    "jest.requireMock",
    `const m = jest.requireMock("next-auth")`,
    `const m = jest.requireMock("@portcullis/next")`,
  ],
  [
    "jest.createMockFromModule",
    `const m = jest.createMockFromModule("@auth/core/jwt")`,
    `const m = jest.createMockFromModule("@portcullis/core/jwt")`,
  ],
  [
    "jest.genMockFromModule",
    `const m = jest.genMockFromModule("@auth/core")`,
    `const m = jest.genMockFromModule("@portcullis/core")`,
  ],
  [
    "jest.unstable_mockModule",
    "jest.unstable_mockModule(`next-auth`, () => ({}))",
    "jest.unstable_mockModule(`@portcullis/next`, () => ({}))",
  ],
  [
    "a mock of a provider module",
    `vi.mock("@auth/core/providers/github", () => ({ default: vi.fn() }))`,
    `vi.mock("@portcullis/core/providers/github", () => ({ default: vi.fn() }))`,
  ],
  [
    "a mock of @auth/solid-start/client",
    `vi.mock("@auth/solid-start/client")`,
    `vi.mock("@portcullis/client/solid-start")`,
  ],
];

/** [what, statement]: strings that are not a mock's Auth.js module name. */
const NOT_MOCKS: Array<[string, string]> = [
  [
    "vi.importOriginal, which takes no module, and a string in the factory",
    `vi.mock("./auth", async (importOriginal) => ({ ...(await importOriginal()), name: "next-auth" }))`,
  ],
  ["a string that is not the first argument", `jest.mock("./session", () => "next-auth")`],
  ["another function of vi", `vi.fn("next-auth")`],
  ["another function of jest", `jest.spyOn(module, "next-auth")`],
  ["a mock on another object", `mocker.mock("next-auth")`],
  ["a mock on a member rather than an identifier", `this.vi.mock("next-auth")`],
  ["a mock by element access", `vi["mock"]("next-auth")`],
  ["a template literal with a substitution", `vi.mock(\`next-auth\${suffix}\`)`],
  ["a variable", `vi.mock(name)`],
  ["an Auth.js database adapter, which is kept", `vi.mock("@auth/prisma-adapter")`],
  ["a module already renamed", `vi.mock("@portcullis/next")`],
  ["a module that is not Auth.js's", `jest.mock("next-intl")`],
];

describe("the module names of test mocks", () => {
  it.each(MOCKS)("renames %s", (_call, before, after) => {
    const source = `import { auth } from "./auth"\n${before}\n`;
    const expected = `import { auth } from "./auth"\n${after}\n`;
    expect(rewriteSource(source, "auth.test.ts")).toEqual({
      text: expected,
      changed: true,
      manual: [],
      wrapped: [],
    });
    // Running again changes nothing.
    expect(rewriteSource(expected, "auth.test.ts")).toEqual({
      text: expected,
      changed: false,
      manual: [],
      wrapped: [],
    });
  });

  it.each(NOT_MOCKS)("leaves %s as written", (_what, statement) => {
    const source = `${statement}\n`;
    expect(rewriteSource(source, "auth.test.js")).toEqual({
      text: source,
      changed: false,
      manual: [],
      wrapped: [],
    });
  });

  it("renames the mock with the import of the module it mocks", () => {
    const source = [
      `import { render } from "@testing-library/react"`,
      `import { useSession } from "next-auth/react"`,
      `import { describe, it, vi } from "vitest"`,
      `vi.mock("next-auth/react", async () => ({`,
      `  ...(await vi.importActual<typeof import("next-auth/react")>("next-auth/react")),`,
      `  useSession: vi.fn(),`,
      `}))`,
      ``,
    ].join("\n");
    const { text, changed } = rewriteSource(source, "components/user.test.tsx");
    expect(changed).toBe(true);
    expect(text).toBe(source.replaceAll(`"next-auth/react"`, `"@portcullis/client/react"`));
  });

  it("lists a mock of a module without counterpart, and leaves it", () => {
    const source = `vi.mock("next-auth/middleware")\njest.mock("next-auth/webauthn")\n`;
    expect(rewriteSource(source, "auth.test.ts")).toEqual({
      text: source,
      changed: false,
      manual: [
        {
          file: "auth.test.ts",
          line: 1,
          specifier: "next-auth/middleware",
          reason: expect.stringContaining("v4"),
        },
        {
          file: "auth.test.ts",
          line: 2,
          specifier: "next-auth/webauthn",
          reason: expect.stringContaining("no Portcullis counterpart"),
        },
      ],
      wrapped: [],
    });
  });

  it("lists what the renamed module lacks where a mock takes the whole module, but not where it undoes one", () => {
    const source = [
      `const actual = jest.requireActual("@hono/auth-js")`,
      `vi.mock("@hono/auth-js/react", () => ({ useOauthPopupLogin: vi.fn() }))`,
      `vi.unmock("@hono/auth-js")`,
      ``,
    ].join("\n");
    const { text, manual } = rewriteSource(source, "app.test.ts");
    expect(text).toBe(
      source
        .replaceAll(`"@hono/auth-js"`, `"@portcullis/hono"`)
        .replace(`"@hono/auth-js/react"`, `"@portcullis/client/react"`),
    );
    const step = (line: number, specifier: string, how: string, name: string) => ({
      file: "app.test.ts",
      line,
      specifier,
      reason: expect.stringMatching(
        new RegExp(
          `^the ${how.replace(/[.()]/g, "\\$&")} now takes @portcullis/.*; where the code uses ${name} through it: `,
        ),
      ),
    });
    expect(manual).toEqual([
      step(1, "@hono/auth-js", "jest.requireActual()", "reqWithEnvUrl"),
      step(2, "@hono/auth-js/react", "vi.mock()", "authConfigManager"),
      step(2, "@hono/auth-js/react", "vi.mock()", "useOauthPopupLogin"),
    ]);
  });

  it("renames the mocks of a test file that imports nothing from Auth.js, and reports it through migrate()", async () => {
    const dir = mkdtempSync(join(tmpdir(), "migrate-mocks-"));
    try {
      const test = [
        `import { expect, it, vi } from "vitest"`,
        `import { requireUser } from "./guard"`,
        `vi.mock("next-auth", () => ({ default: () => ({ auth: async () => null }) }))`,
        `it("refuses a visitor", async () => expect(await requireUser()).toBe(null))`,
        ``,
      ].join("\n");
      writeFileSync(join(dir, "guard.test.ts"), test);
      writeFileSync(join(dir, "guard.ts"), `export const requireUser = async () => null\n`);
      const report = await migrate(dir);
      expect(report).toEqual({ changed: ["guard.test.ts"], manual: [], wrapped: [], failed: [] });
      expect(readFileSync(join(dir, "guard.test.ts"), "utf8")).toBe(
        test.replace(`"next-auth"`, `"@portcullis/next"`),
      );
      expect(await migrate(dir)).toEqual({ changed: [], manual: [], wrapped: [], failed: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("does not count a mock as using Auth.js: a provider object beside it is listed, not wrapped", () => {
    const source = [
      `vi.mock("next-auth")`,
      `const corp = { id: "corp", type: "oidc", issuer: "https://idp.example", clientId: "x" }`,
      ``,
    ].join("\n");
    const { text, wrapped, manual } = rewriteSource(source, "auth.test.ts");
    expect(text).toBe(source.replace(`"next-auth"`, `"@portcullis/next"`));
    expect(wrapped).toEqual([]);
    expect(manual).toEqual([expect.objectContaining({ file: "auth.test.ts", line: 2 })]);
  });
});
