/**
 * Pre-account-takeover: an attacker signs up first through an OAuth provider that reports the
 * victim's address without verifying it, then waits for the victim to prove the address by magic
 * link. The magic link must not open that user, or the attacker's OAuth account would open the
 * victim's user from then on. Real OpenID Provider, real SMTP sink, rows read back from the adapter.
 */
import type { Adapter, AuthConfig } from "@portcullis/core";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { type SmtpSink, startSmtpSink, type TestAccount, type TestOpenIdProvider } from "@portcullis/testkit";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, oauthConfig, oidcProvider, sessionOf, signInThrough, startIdp } from "../oauth/helpers";
import { follow, linkOf, location, requestLink } from "./helpers";

const VICTIM = "victim@example.test";
/** The attacker's IdP account: the victim's address, not verified by the IdP. */
const MALLORY: TestAccount = { sub: "mallory", email: VICTIM, email_verified: false, name: "Mallory" };

let idp: TestOpenIdProvider;
let sink: SmtpSink;
beforeAll(async () => {
  [idp, sink] = await Promise.all([startIdp({ accounts: [MALLORY] }), startSmtpSink()]);
});
afterAll(async () => {
  await Promise.all([idp.stop(), sink.stop()]);
});

function app(adapter: Adapter, overrides: Partial<AuthConfig> = {}) {
  const mailer = Nodemailer({ server: sink.url, from: "Portcullis <no-reply@example.test>" });
  return oauthConfig([oidcProvider(idp)], {
    adapter,
    providers: [oidcProvider(idp), mailer],
    ...overrides,
  });
}

async function sqliteAdapter(): Promise<{ adapter: Adapter; close: () => Promise<void> }> {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
  await migrate(db);
  return { adapter: SqlAdapter(db), close: () => db.destroy() };
}

/** The attacker signs up through the IdP with the victim's address; returns the user made for it. */
async function attackerSignsUp(config: AuthConfig, adapter: Adapter) {
  await signInThrough(browser(config), idp, { sub: "mallory" });
  const planted = await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "mallory" });
  expect(planted).toMatchObject({ email: VICTIM, emailVerified: null });
  return planted!;
}

/** The victim requests a magic link for the address and follows it; returns the browser and the answer. */
async function victimFollowsLink(config: AuthConfig) {
  const victim = browser(config);
  await requestLink(victim, VICTIM);
  const link = linkOf(await sink.waitForMail(VICTIM));
  return { victim, link, response: await follow(victim, link) };
}

describe("a magic link for an address an OAuth sign-in claimed without proof", () => {
  it("does not open that user, so the attacker's OAuth account never reaches the victim's session", async () => {
    const adapter = MemoryAdapter();
    const config = app(adapter);
    const planted = await attackerSignsUp(config, adapter);
    const { victim, link, response } = await victimFollowsLink(config);
    expect(location(response)).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(victim.jar.get("authjs.session-token")).toBeUndefined();
    expect(await victim.session()).toBeNull();
    // The address stays unproven: the planted user did not become the victim's.
    expect((await adapter.getUser!(planted.id))?.emailVerified).toBeNull();
    // The victim is told what to do, and the log says why, without the link's token.
    const page = await (await victim.get("/auth/signin?error=OAuthAccountNotLinked")).text();
    expect(page).toContain("sign in the same way you did originally");
    expect(config.recorded.errors.map((e) => (e as { type?: string }).type)).toEqual([
      "OAuthAccountNotLinked",
    ]);
    expect(config.recorded.errors[0]!.message).toContain("never proved it");
    expect(config.recorded.errors[0]!.message).not.toContain(link.searchParams.get("token")!);
    // The attacker's sign-in still opens only the user the attacker made, which the victim never entered.
    const attacker = browser(config);
    await signInThrough(attacker, idp, { sub: "mallory" });
    expect((await sessionOf(attacker))?.user?.email).toBe(VICTIM);
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "mallory" })).toMatchObject({
      id: planted.id,
      emailVerified: null,
    });
  });

  it("does not open that user with the SQLite adapter and JWT sessions either", async () => {
    const { adapter, close } = await sqliteAdapter();
    try {
      const config = app(adapter, { session: { strategy: "jwt" } });
      const planted = await attackerSignsUp(config, adapter);
      const { victim, response } = await victimFollowsLink(config);
      expect(location(response)).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
      expect(victim.jar.get("authjs.session-token")).toBeUndefined();
      expect((await adapter.getUser!(planted.id))?.emailVerified).toBeNull();
    } finally {
      await close();
    }
  });
});
