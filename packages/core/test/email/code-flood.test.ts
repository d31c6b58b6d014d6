/**
 * The attempt count that burns an address's codes, against floods of code posts for throw-away
 * addresses (one CSRF token serves them all). The rate-limit store is a memory store holding a
 * few keys, so a flood larger than the store takes a few dozen posts here, not the 50,000 the
 * default store would need. Over HTTP, through a real SMTP server.
 */
import type { TestClient } from "@portcullis/testkit";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../src/rate-limit/memory-store";
import { codeOf, codePage, type EmailApp, emailApp, location, ORIGIN, requestLink, wrong } from "./helpers";

const VERIFICATION = `${ORIGIN}/auth/error?error=Verification`;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** An app whose codes burn after one wrong try, counting in a memory store of `maxKeys` keys. */
function floodApp(maxKeys: number): EmailApp {
  const rateLimit = { max: 5, windowSeconds: 900, store: memoryStore(maxKeys) };
  return emailApp(sink, { provider: { code: { attempts: 1 }, rateLimit } });
}

/** Posts codes from one browser with one CSRF token, as a flood would. */
async function poster(browser: TestClient) {
  const csrfToken = await browser.csrfToken();
  return async (email: string, code: string): Promise<string> =>
    location(await browser.post("/auth/callback/nodemailer", { form: { csrfToken, email, code } }));
}

/** Has a code mailed to `email`; answers it. */
async function mailedCode(app: EmailApp, email: string): Promise<string> {
  expect(location(await requestLink(app.browser(), email))).toBe(codePage(email));
  return codeOf(await sink.waitForMail(email));
}

describe("a burned address under a flood of code posts", () => {
  it("stays burned after posts for more addresses without a code than the store holds", async () => {
    const victim = "burned@example.com";
    const app = floodApp(10);
    const code = await mailedCode(app, victim);
    const post = await poster(app.browser());
    expect(await post(victim, wrong(code))).toBe(codePage(victim, "WrongCode"));
    for (let i = 0; i < 30; i++) {
      const junk = `junk-${i}@example.com`;
      expect(await post(junk, "000000")).toBe(codePage(junk, "WrongCode"));
    }
    expect(await post(victim, code)).toBe(VERIFICATION);
    expect(await app.adapter.getUserByEmail!(victim)).toBeNull();
  });

  it("stays burned after wrong codes for more addresses than the store holds, each mailed a code", async () => {
    const victim = "burned-too@example.com";
    const app = floodApp(10);
    const code = await mailedCode(app, victim);
    const post = await poster(app.browser());
    expect(await post(victim, wrong(code))).toBe(codePage(victim, "WrongCode"));
    const answers = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const junk = `mailed-junk-${i}@example.com`;
      const requested = location(await requestLink(app.browser(), junk));
      if (requested !== codePage(junk)) {
        answers.add(requested);
        continue;
      }
      const answer = await post(junk, wrong(codeOf(await sink.waitForMail(junk))));
      answers.add(answer === codePage(junk, "WrongCode") ? "wrong" : answer);
    }
    // A burned address keeps no count at its limit in the store, so the store never fills up.
    expect([...answers]).toEqual(["wrong"]);
    expect(await post(victim, code)).toBe(VERIFICATION);
    expect(await app.adapter.getUserByEmail!(victim)).toBeNull();
  });

  it("costs nothing for addresses without a code: a flood of them locks no one else out", async () => {
    const app = floodApp(5);
    const post = await poster(app.browser());
    for (let i = 0; i < 20; i++) await post(`nothing-sent-${i}@example.com`, "000000");
    const code = await mailedCode(app, "newcomer@example.com");
    expect(await post("newcomer@example.com", code)).toBe(ORIGIN);
    expect(await app.adapter.getUserByEmail!("newcomer@example.com")).not.toBeNull();
  });

  it("answers code posts for a member and for a stranger alike, with and without a code mailed", async () => {
    const app = floodApp(100);
    await app.adapter.createUser!({ id: "u-member", email: "member@example.com", emailVerified: null });
    const answers: string[][] = [];
    for (const email of ["member@example.com", "stranger@example.com"]) {
      const post = await poster(app.browser());
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) seen.push(await post(email, "000000"));
      const code = await mailedCode(app, email);
      seen.push(await post(email, wrong(code)), await post(email, code));
      answers.push(seen.map((answer) => answer.replace(encodeURIComponent(email), "EMAIL")));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.at(-1)).toBe(VERIFICATION);
  });
});
