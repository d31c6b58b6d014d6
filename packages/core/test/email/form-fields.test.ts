/** The email provider's address field on the built-in sign-in page can be labelled by the app. */
import { Auth, type AuthConfig } from "@portcullis/core";
import Email from "@portcullis/core/providers/email";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { SECRET } from "./helpers";

async function signInPage(provider: ReturnType<typeof Email>): Promise<string> {
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter: MemoryAdapter(),
    providers: [provider],
  };
  const response = await Auth(new Request("http://localhost:3000/auth/signin"), config);
  expect(response.status).toBe(200);
  return response.text();
}

const send = () => undefined;

describe("the email provider's formFields", () => {
  it("labels the address field as the app says, keeping it an email input", async () => {
    const page = await signInPage(
      Email({
        sendVerificationRequest: send,
        formFields: { email: { label: "Email for a sign-in link", placeholder: "you@example.com" } },
      }),
    );
    expect(page).toMatch(/<label[^>]*>Email for a sign-in link<\/label>/);
    expect(page).toMatch(
      /<input[^>]*type="email"[^>]*placeholder="you@example.com"|<input[^>]*placeholder="you@example.com"[^>]*type="email"/,
    );
  });

  it("keeps the default label and placeholder without them", async () => {
    const page = await signInPage(Email({ sendVerificationRequest: send }));
    expect(page).toMatch(/<label[^>]*>Email<\/label>/);
    expect(page).toContain('placeholder="email@example.com"');
  });

  it("escapes a label that carries markup", async () => {
    const page = await signInPage(
      Email({ sendVerificationRequest: send, formFields: { email: { label: "<b>x</b>" } } }),
    );
    expect(page).not.toContain("<b>x</b>");
    expect(page).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});
