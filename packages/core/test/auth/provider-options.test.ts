/**
 * A provider's `options`, Auth.js's way for a provider function to take the app's overrides: laid
 * over the provider when the configuration is read, whatever the options hold.
 */
import type { ProviderConfig } from "@portcullis/core";
import { describe, expect, it } from "vitest";
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

  it("replaces arrays and keeps the defaults for options left undefined", () => {
    expect(read({ checks: ["pkce"], name: undefined })).toMatchObject({ checks: ["pkce"], name: "Corp" });
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
