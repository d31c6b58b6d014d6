/**
 * The hidden fields the SignIn and SignOut components put in their forms, and where the forms
 * post: what the signIn/signOut form actions receive for each way of passing the props.
 */
import { describe, expect, it } from "vitest";
import {
  actionOf,
  authorizationFields,
  EMAIL_PROVIDERS,
  optionFields,
} from "../src/components/form-fields.js";

describe("optionFields", () => {
  const form = new FormData();
  form.set("redirectTo", "/account");
  form.set("email", "ada@example.com");
  form.set("avatar", new Blob(["x"]));

  it.each<[string, Parameters<typeof optionFields>[0], Array<[string, string]>]>([
    ["no options", undefined, []],
    [
      "redirectTo and redirect",
      { redirectTo: "/account", redirect: true },
      [
        ["redirectTo", "/account"],
        ["redirect", "true"],
      ],
    ],
    ["callbackUrl, the older name, as redirectTo", { callbackUrl: "/old" }, [["redirectTo", "/old"]]],
    ["redirectTo over callbackUrl", { callbackUrl: "/old", redirectTo: "/new" }, [["redirectTo", "/new"]]],
    ["a provider's field", { email: "ada@example.com" }, [["email", "ada@example.com"]]],
    ["undefined and null left out", { redirectTo: undefined, email: null }, []],
    [
      "a FormData, without its files",
      form,
      [
        ["redirectTo", "/account"],
        ["email", "ada@example.com"],
      ],
    ],
  ])("sends %s", (_name, options, fields) => {
    expect(optionFields(options)).toEqual(fields);
  });
});

describe("authorizationFields", () => {
  it.each<[string, Parameters<typeof authorizationFields>[0]]>([
    ["an object", { prompt: "login" }],
    ["a query string", "prompt=login"],
    ["pairs", [["prompt", "login"]]],
    ["URLSearchParams", new URLSearchParams({ prompt: "login" })],
  ])("prefixes the parameters of %s for the form action", (_name, params) => {
    expect(authorizationFields(params)).toEqual([["authorizationParams-prompt", "login"]]);
  });

  it("sends nothing without parameters", () => {
    expect(authorizationFields(undefined)).toEqual([]);
  });
});

describe("actionOf", () => {
  it.each([
    ["", "signin", "/signin"],
    ["/app", "signin", "/app/signin"],
    ["", "/signout", "/signout"],
    ["/app", "auth/login", "/app/auth/login"],
  ])("posts under base %j to page %j at %s", (base, page, action) => {
    expect(actionOf(base, page)).toBe(action);
  });
});

it("asks for an address for every mail provider of the core", () => {
  expect([...EMAIL_PROVIDERS].sort()).toEqual(
    ["email", "mailgun", "nodemailer", "postmark", "resend", "sendgrid"].sort(),
  );
});
