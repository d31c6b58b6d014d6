/**
 * The demo's Portcullis configuration: every sign-in method that can run on a laptop with no
 * accounts anywhere. Credentials, magic links (the link is printed to the console) and passkeys always;
 * GitHub and Google when their AUTH_*_ID / AUTH_*_SECRET variables are set.
 */
import type { AuthConfig, Provider } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import Email from "@portcullis/core/providers/email";
import GitHub from "@portcullis/core/providers/github";
import Google from "@portcullis/core/providers/google";
import Passkey from "@portcullis/core/providers/passkey";
import { SqlAdapter } from "@portcullis/sql-adapter";
import type { Kysely } from "kysely";
import { checkPassword } from "./db";

/** Where magic links go: the console by default; tests read them directly. */
export type MagicLinkSink = (email: string, url: string) => void;

const printLink: MagicLinkSink = (email, url) => console.log(`\n  Magic link for ${email}:\n  ${url}\n`);

/** What {@link authConfig} takes from the server that runs it. */
export interface AuthConfigOptions {
  /** Where magic links go; printed to the console by default. */
  onMagicLink?: MagicLinkSink;
  /**
   * The client's address for the per-client rate limits. A Web Request carries none, so the
   * server that made the request says it; without one, only the per-account limits apply.
   */
  clientAddress?: (request: Request) => string | undefined;
}

/**
 * The demo's configuration over its database.
 *
 * @example
 * ```ts
 * const config = authConfig(await openDatabase(".data/demo.sqlite"), { clientAddress: () => "127.0.0.1" });
 * ```
 */
export function authConfig(
  db: Kysely<Record<string, Record<string, unknown>>>,
  { onMagicLink = printLink, clientAddress }: AuthConfigOptions = {},
): AuthConfig {
  const adapter = SqlAdapter(db);
  const providers: Provider[] = [
    Credentials({
      name: "Password",
      credentials: {
        // Three forms on the page ask for an email address, each for a different purpose:
        // every label says which, so a newcomer knows which box belongs to which way of signing in.
        email: { label: "Email for password sign-in", type: "email", placeholder: "alice@example.com" },
        password: { label: "Password", type: "password", placeholder: "wonderland" },
      },
      // Credentials with database sessions: the user must exist in the adapter.
      authorize: async ({ email, password }) => {
        if (typeof email !== "string" || typeof password !== "string") return null;
        if (!(await checkPassword(db, email, password))) return null;
        return adapter.getUserByEmail!(email);
      },
      // The default limits (5 failures per address, 50 per client), the client named by the server.
      rateLimit: { clientAddress },
    }),
    Email({
      name: "Magic link",
      formFields: { email: { label: "Email for a magic link" } },
      sendVerificationRequest: ({ identifier, url }) => onMagicLink(identifier, url),
      // The default limits (5 links per address, 50 per client, per 15 minutes), likewise.
      rateLimit: { max: 5, windowSeconds: 900, clientAddress },
    }),
    // Passkeys work on http://localhost (browsers allow WebAuthn there) and on https.
    Passkey({
      formFields: {
        // `webauthn` in autocomplete is what lets the browser offer saved passkeys in this field.
        email: {
          label: "Email for your passkey (new or saved)",
          type: "email",
          placeholder: "you@example.com",
          required: true,
          autocomplete: "username webauthn",
        },
      },
    }),
  ];
  if (process.env.AUTH_GITHUB_ID) providers.push(GitHub);
  if (process.env.AUTH_GOOGLE_ID) providers.push(Google);
  return {
    // A fixed secret keeps the demo's sessions across restarts; set AUTH_SECRET in real apps.
    secret: process.env.AUTH_SECRET ?? "portcullis-demo-secret-do-not-use-in-production",
    adapter,
    providers,
    theme: {
      brandColor: "#4f46e5",
      colorScheme: "auto",
      // The demo mails nothing: the "check your email" page says where the link really is.
      messages: {
        verifyRequestTitle: "Check the terminal",
        verifyRequestText:
          "The sign-in link is printed in the terminal that runs the demo, in place of an email.",
        verifyRequestTextTo:
          "The sign-in link for {email} is printed in the terminal that runs the demo, in place of an email.",
      },
    },
    experimental: { enableWebAuthn: true },
  };
}
