/**
 * `rateLimit.fields` names the body field that identifies the account. An attempt without that
 * field still counts, under one shared "unusable" value: skipping it would let anyone leave the
 * field out to escape the per-account limit. So a `fields` naming a field the form never sends (a
 * typo, `email` while the form posts `username`) makes every user share one count; the warning
 * `credentials-rate-limit-field-missing` names that mistake, once, whether the field is missing
 * from the provider's `credentials` or only from the attempts.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { recordingLogger, SECRET } from "../auth/helpers";

const ORIGIN = "http://localhost:3000";
const REFUSED = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=rate_limited`;
const WARNING = "credentials-rate-limit-field-missing";

/** An app accepting any username with the password "right", counting failures by `email`. */
function app(credentials: Record<string, { label: string }>) {
  const { log, logger } = recordingLogger();
  const config: AuthConfig = {
    secret: `${SECRET}-missing-field-${Object.keys(credentials).join("-")}`,
    trustHost: true,
    logger,
    providers: [
      Credentials({
        credentials,
        rateLimit: { fields: ["email"] },
        authorize: async ({ username, password }) => (password === "right" ? { id: String(username) } : null),
      }),
    ],
  };
  const attempt = async (username: string, password: string) => {
    const browser = new TestClient((request) => Auth(request, config), ORIGIN);
    const csrfToken = await browser.csrfToken();
    const response = await browser.post("/auth/callback/credentials", {
      form: { csrfToken, username, password },
    });
    return response.headers.get("location");
  };
  return { log, attempt };
}

describe("rateLimit.fields naming a field the form does not send", () => {
  it("is warned about once, and attempts without the field still count (under one shared value)", async () => {
    const { log, attempt } = app({ username: { label: "Username" }, password: { label: "Password" } });
    for (let i = 0; i < 5; i++) await attempt("mallory", `wrong-${i}`);
    // Strict on purpose: the attempts count rather than go unlimited, so alice is refused too.
    expect(await attempt("alice", "right")).toBe(REFUSED);
    expect(log.warnings.filter((code) => code === WARNING)).toHaveLength(1);
  });

  it("is warned about on the first attempt when the provider declares no such credential either", async () => {
    const { log, attempt } = app({});
    await attempt("mallory", "wrong");
    await attempt("mallory", "wrong-again");
    expect(log.warnings.filter((code) => code === WARNING)).toHaveLength(1);
  });
});
