/**
 * An app's `authorize` that refuses a user for a reason other than the password (a banned or
 * unverified account) throws one of the library's own client-safe errors, as with Auth.js, whose
 * callback route lets every `AuthError` through: the visitor sees that error (`AccessDenied`),
 * not `Configuration`, and the log holds no `CallbackRouteError`. Anything else `authorize`
 * throws is still a server fault.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import { AccessDenied } from "@portcullis/core/errors";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { recordingLogger, SECRET } from "./helpers";

describe("a client-safe AuthError thrown by authorize", () => {
  it("an AccessDenied thrown for a banned user reaches the error page as AccessDenied, not Configuration", async () => {
    const { log, logger } = recordingLogger();
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger,
      providers: [
        Credentials({
          credentials: { username: { label: "Username" }, password: { label: "Password" } },
          authorize: async () => {
            throw new AccessDenied("This account is suspended.");
          },
        }),
      ],
    };
    const browser = new TestClient((request) => Auth(request, config));
    const csrfToken = await browser.csrfToken();
    const response = await browser.post("/auth/callback/credentials", {
      form: { csrfToken, username: "mallory", password: "right" },
    });
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=AccessDenied");
    expect(log.errors.map((error) => error.name)).not.toContain("CallbackRouteError");
  });
});
