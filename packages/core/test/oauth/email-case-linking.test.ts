/**
 * Linking by email (`allowDangerousEmailAccountLinking`) and the case of a provider's address:
 * only ASCII letters are lower-cased, so no address becomes another one by Unicode case mapping
 * (String.prototype.toLowerCase turns U+212A KELVIN SIGN into "k"), and an address that is not
 * already in the form a magic link would give it is never linked by, even by a database that
 * folds it onto a user's. Real OpenID Provider, real SMTP sink, real memory adapter.
 */
import type { Adapter, AuthConfig, EmailConfig, Provider } from "@portcullis/core";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { SmtpSink, TestAccount, TestOpenIdProvider } from "@portcullis/testkit";
import { startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, browser, location, oauthConfig, oidcProvider, signInThrough, startIdp } from "./helpers";

/** An attacker's verified account at a provider, whose address has a KELVIN SIGN where the victim's has "k". */
const MALLORY_KELVIN: TestAccount = {
  sub: "mallory-kelvin",
  email: "\u212Aate@example.test",
  email_verified: true,
  name: "Mallory",
};

/** The victim's own account at the provider, its address in ASCII capitals. */
const KATE_CAPITALS: TestAccount = {
  sub: "kate-capitals",
  email: "KATE@Example.TEST",
  email_verified: true,
  name: "Kate",
};

let idp: TestOpenIdProvider;
let sink: SmtpSink;
beforeAll(async () => {
  idp = await startIdp({ ids: ["idp", "other"], accounts: [ALICE, MALLORY_KELVIN, KATE_CAPITALS] });
  sink = await startSmtpSink();
});
afterAll(async () => {
  await idp.stop();
  await sink.stop();
});

/**
 * An app whose "other" provider is trusted to vouch for addresses
 * (`allowDangerousEmailAccountLinking`), with a magic-link provider.
 */
function setup(adapter: Adapter = MemoryAdapter()) {
  const config = oauthConfig(
    [oidcProvider(idp), oidcProvider(idp, { id: "other", allowDangerousEmailAccountLinking: true })],
    { adapter },
  );
  const email: EmailConfig = Nodemailer({ server: sink.url, from: "no-reply@example.test" });
  (config as AuthConfig).providers = [...(config.providers as Provider[]), email];
  return { adapter, config };
}

/** A database whose email lookup folds case and compatibility forms, as some collations do. */
function foldingAdapter(): Adapter {
  const adapter = MemoryAdapter();
  const fold = (email: string) => email.normalize("NFKC").toLowerCase();
  const users: { id: string; email: string }[] = [];
  return {
    ...adapter,
    async createUser(user) {
      const created = await adapter.createUser!(user);
      if (created.email) users.push({ id: created.id, email: created.email });
      return created;
    },
    async getUserByEmail(email) {
      const found = users.find((user) => fold(user.email) === fold(email));
      return found ? adapter.getUser!(found.id) : null;
    },
  };
}

/** Signs `address` up with a magic link (so it is proven). */
async function magicLinkUser(config: AuthConfig, address: string) {
  const client = browser(config);
  const csrfToken = await client.csrfToken();
  await client.post("/auth/signin/nodemailer", { form: { csrfToken, email: address } });
  const mail = await sink.waitForMail(address);
  const link = new URL(mail.text.split("\n")[1]!);
  expect(location(await client.get(`${link.pathname}${link.search}`)).pathname).toBe("/");
}

describe("a provider's address and the users it may be linked to", () => {
  it("does not link an address with a Kelvin sign (U+212A) onto the user whose address has a k", async () => {
    // The provider vouches for "\u212Aate@example.test", an address distinct from the victim's
    // at the provider (it is not the same string, so its uniqueness check let Mallory register it).
    const { adapter, config } = setup();
    await magicLinkUser(config, "kate@example.test");
    const kate = await adapter.getUserByEmail!("kate@example.test");
    const attacker = browser(config);
    await signInThrough(attacker, idp, { id: "other", sub: "mallory-kelvin" });
    const owner = await adapter.getUserByAccount!({ provider: "other", providerAccountId: "mallory-kelvin" });
    expect(owner?.id).not.toBe(kate!.id);
    expect(owner?.email).toBe("\u212Aate@example.test");
    const session = (await attacker.session()) as { user?: { email?: string } } | null;
    expect(session?.user?.email).not.toBe("kate@example.test");
  });

  it("does not link it either when the database finds the user by folding the address", async () => {
    const { adapter, config } = setup(foldingAdapter());
    await magicLinkUser(config, "kate@example.test");
    const attacker = browser(config);
    const response = await signInThrough(attacker, idp, { id: "other", sub: "mallory-kelvin" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(
      await adapter.getUserByAccount!({ provider: "other", providerAccountId: "mallory-kelvin" }),
    ).toBeNull();
    expect(await attacker.session()).toBeNull();
  });

  it("still lower-cases ASCII capitals, so the owner's own account is linked", async () => {
    const { adapter, config } = setup();
    await magicLinkUser(config, "kate@example.test");
    const kate = await adapter.getUserByEmail!("kate@example.test");
    const owner = browser(config);
    await signInThrough(owner, idp, { id: "other", sub: "kate-capitals" });
    const linked = await adapter.getUserByAccount!({ provider: "other", providerAccountId: "kate-capitals" });
    expect(linked?.id).toBe(kate!.id);
  });
});
