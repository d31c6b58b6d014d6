import * as errors from "@portcullis/core/errors";
import { AuthError, CredentialsSignin, InvalidConfiguration, MissingSecret } from "@portcullis/core/errors";
import { describe, expect, it } from "vitest";

describe("error names", () => {
  it("name each built-in error after its type", () => {
    expect(new CredentialsSignin("nope").name).toBe("CredentialsSignin");
    expect(new MissingSecret().name).toBe("MissingSecret");
    expect(new InvalidConfiguration().name).toBe("InvalidConfiguration");
    expect(String(new CredentialsSignin("nope"))).toBe("CredentialsSignin: nope");
  });

  it("keep their names when a minifier renames the classes", () => {
    // What a production bundle makes of `class CredentialsSignin`: the same class under another name.
    const Renamed = { y: class extends CredentialsSignin {} }.y;
    expect(Renamed.name).toBe("y");
    const error = new Renamed("nope");
    expect(error.name).toBe("CredentialsSignin");
    expect(error.stack?.split("\n")[0]).toBe("CredentialsSignin: nope");
    expect(error).toBeInstanceOf(AuthError);
  });

  it("let an app name its own subclass", () => {
    class InvalidLogin extends CredentialsSignin {
      override code = "invalid";
      constructor() {
        super("Wrong username or password.");
        this.name = "InvalidLogin";
      }
    }
    const error = new InvalidLogin();
    expect(error.name).toBe("InvalidLogin");
    expect(error.type).toBe("CredentialsSignin");
    expect(error.stack?.split("\n")[0]).toBe("InvalidLogin: Wrong username or password.");
  });
});

describe("error types", () => {
  it("give every error class a type of its own, so `switch (error.type)` tells them apart", () => {
    const classes = Object.entries(errors).filter(
      ([, value]) => typeof value === "function" && value.prototype instanceof AuthError,
    ) as Array<[string, new () => AuthError]>;
    // SignInError only groups the errors that go back to the sign-in page; it adds no type.
    const concrete = classes.filter(([name]) => name !== "SignInError");
    const types = concrete.map(([, ErrorClass]) => new ErrorClass().type);
    expect(concrete.length).toBeGreaterThan(30);
    expect(new Set(types).size).toBe(types.length);
    expect(types).not.toContain(new AuthError().type);
    for (const [name, ErrorClass] of concrete) expect(new ErrorClass().type, name).toBe(name);
  });
});
