/**
 * A provider's `options`, Auth.js's way for a provider function to take the app's overrides: laid
 * over the provider when the configuration is read, whatever the options hold.
 */
import type { ProviderConfig } from "@portcullis/core";
import { InvalidConfiguration } from "@portcullis/core/errors";
import OAuth from "@portcullis/core/providers/oauth";
import { describe, expect, it } from "vitest";
// Auth.js's own merge, read from the installed @auth/core (the path is not in its exports map).
import { merge } from "../../../../node_modules/@auth/core/lib/utils/merge.js";
import { providerWithEnv } from "../../src/config/env";
import { withProviderOptions } from "../../src/config/provider-options";

const base = {
  id: "corp",
  name: "Corp",
  type: "oauth",
  authorization: { url: "https://corp.example/authorize", params: { scope: "email", prompt: "none" } },
  checks: ["state"],
} as unknown as ProviderConfig;

const read = (options: unknown) =>
  withProviderOptions({ ...base, options } as unknown as ProviderConfig) as unknown as Record<
    string,
    unknown
  >;

describe("withProviderOptions", () => {
  it("lays the options over the defaults, merging nested objects key by key", () => {
    const provider = read({ id: "corp-eu", clientId: "app", authorization: { params: { prompt: "login" } } });
    expect(provider).toEqual({
      ...base,
      id: "corp-eu",
      clientId: "app",
      authorization: { url: "https://corp.example/authorize", params: { scope: "email", prompt: "login" } },
    });
    expect(provider).not.toHaveProperty("options");
  });

  // Auth.js's merge goes into arrays index by index; an app moved over keeps what it had, so an
  // empty `checks` in options leaves the provider's checks on rather than turning them all off.
  it.each([
    [[], ["state"]],
    [
      ["pkce", "nonce"],
      ["pkce", "nonce"],
    ],
  ])('merges checks %j into the provider\'s ["state"] as Auth.js does: %j', (checks, expected) => {
    expect(read({ checks }).checks).toEqual(expected);
    const authjs = merge({ checks: ["state"] }, { checks }) as { checks: string[] };
    expect(authjs.checks).toEqual(expected);
  });

  it("keeps the defaults for options left undefined", () => {
    expect(read({ name: undefined }).name).toBe("Corp");
  });

  it("never lets options change the provider's type or the sign-in method it carries", () => {
    const provider = read({
      type: "oidc",
      carriedFlow: { signIn: () => null, callback: () => null },
      clientId: "app",
    });
    expect(provider.type).toBe("oauth");
    expect(provider).not.toHaveProperty("carriedFlow");
    expect(provider.clientId).toBe("app");
  });

  it("does not read an options key inherited from a polluted Object.prototype", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.options = { checks: [], allowDangerousEmailAccountLinking: true };
    try {
      expect(withProviderOptions(base)).toBe(base);
    } finally {
      delete prototype.options;
    }
  });

  /** An object nested `levels` deep under `authorization`, or one that contains itself. */
  function nested(levels: number): Record<string, unknown> {
    const top: Record<string, unknown> = {};
    let inner = top;
    for (let level = 0; level < levels; level++) {
      inner.authorization = {};
      inner = inner.authorization as Record<string, unknown>;
    }
    return top;
  }
  const cyclic: Record<string, unknown> = {};
  cyclic.authorization = cyclic;

  // Merging recurses only where the provider and its options both hold an object, so only a
  // provider whose own fields are as deep (or as cyclic) can make it recurse without end.
  it.each([
    ["nest past any provider's", nested(40)],
    ["are cyclic", cyclic],
  ])("refuses options that %s, naming the provider", (_, shape) => {
    const provider = {
      ...base,
      authorization: shape,
      options: { authorization: shape },
    } as unknown as ProviderConfig;
    expect(() => withProviderOptions(provider)).toThrow(InvalidConfiguration);
    expect(() => withProviderOptions(provider)).toThrow(/The options of the provider "corp"/);
  });

  it("carries a symbol-keyed option, such as a custom fetch", () => {
    const key = Symbol("fetch");
    const fetcher = () => undefined;
    expect(read({ [key]: fetcher })[key as unknown as string]).toBe(fetcher);
  });

  // Configuration can hold anything at run time: what is not a plain object of options is not
  // read as one, and no option reaches an object's prototype.
  it.each([
    ["a string", "clientId=app"],
    ["an array", [["clientId", "app"]]],
    ["null", null],
    ["a class instance", new URL("https://corp.example")],
  ])("leaves the provider as it is for options that are %s", (_, options) => {
    const provider = { ...base, options } as unknown as ProviderConfig;
    expect(withProviderOptions(provider)).toBe(provider);
  });

  it("skips __proto__ and constructor keys", () => {
    const options = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "x", "clientId": "app"}');
    const provider = read(options);
    expect(provider.clientId).toBe("app");
    expect(Object.getPrototypeOf(provider)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(provider, "constructor")).toBe(false);
  });

  it("answers the provider itself when it has no options", () => {
    expect(withProviderOptions(base)).toBe(base);
  });
});

describe("a custom provider function, read as Auth.js reads it", () => {
  const Corp = (options: Record<string, unknown>) =>
    OAuth({ ...(base as unknown as Record<string, unknown>), options } as never) as unknown as ProviderConfig;

  it("reads AUTH_{ID}_ID by the provider's own id, not one its options give", () => {
    const read = providerWithEnv(Corp({ id: "corp-eu" }), { AUTH_CORP_ID: "from-env" });
    expect(read).toMatchObject({ id: "corp-eu", clientId: "from-env" });
  });

  it("gives a bare factory an empty object, so one that destructures its parameter works", () => {
    const Acme = ({ clientId }: { clientId?: string }) =>
      OAuth({
        ...(base as unknown as Record<string, unknown>),
        id: "acme",
        clientId,
      } as never) as unknown as ProviderConfig;
    const read = providerWithEnv(Acme as never, { AUTH_ACME_ID: "acme-app" });
    expect(read).toMatchObject({ id: "acme", clientId: "acme-app" });
  });
});
