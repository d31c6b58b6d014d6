/**
 * Bad input on the WebAuthn callback, one row per case: each gets a defined redirect (no 500),
 * sets no cookie, and stores nothing: no user or account for a registration, no counter change
 * and no session for an authentication.
 */
import Passkey from "@portcullis/core/providers/passkey";
import WebAuthn from "@portcullis/core/providers/webauthn";
import type { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import {
  CHALLENGE_COOKIE,
  type OptionsAnswer,
  ORIGIN,
  options,
  otherBrowser,
  postCallback,
  register,
  setup,
} from "./helpers";
import { type CredentialJSON, SoftAuthenticator } from "./soft-authenticator";

const NEW_EMAIL = "new@example.com";
const VERIFICATION = `${ORIGIN}/auth/error?error=WebAuthnVerificationError`;
const MISSING_CSRF = `${ORIGIN}/auth/signin?error=MissingCSRF`;

type Ceremony = "register" | "authenticate";

/** A ceremony started and answered by the authenticator, not yet posted. */
interface Prepared {
  client: TestClient;
  authenticator: SoftAuthenticator;
  answer: OptionsAnswer;
  credential: CredentialJSON;
  /** The form a browser would post. */
  form: Record<string, string>;
  advanceClock(seconds: number): void;
}

async function prepare(ceremony: Ceremony) {
  let now = Date.now();
  const s = setup({ now: () => now });
  const client = ceremony === "register" ? s.client : otherBrowser(s.client);
  if (ceremony === "authenticate") await register(s.client, s.authenticator, "ada@example.com");
  const { body: answer } = await options(
    client,
    ceremony === "register" ? { email: NEW_EMAIL } : { action: ceremony },
  );
  const credential =
    ceremony === "register" ? s.authenticator.create(answer.options) : s.authenticator.get(answer.options);
  const form = { action: ceremony, data: JSON.stringify(credential) };
  const prepared: Prepared = {
    client,
    authenticator: s.authenticator,
    answer,
    credential,
    form,
    advanceClock: (seconds) => {
      now += seconds * 1000;
    },
  };
  return { ...s, prepared };
}

interface Case {
  name: string;
  ceremony: Ceremony;
  expected: string;
  /**
   * What the logged error says (with its cause), or the warning code logged instead of an error
   * for what anyone can send: each case must fail for its own reason.
   */
  reason: RegExp;
  logged?: "warning";
  send(p: Prepared): Promise<Response>;
}

/** A logged error's message followed by its cause's, as an operator reads the log. */
const explain = (error: Error) =>
  `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}`;

const post = (p: Prepared, fields: Record<string, string>) => postCallback(p.client, fields);

const CASES: Case[] = [
  {
    name: "no CSRF token",
    reason: /^csrf-token-missing$/,
    logged: "warning",
    ceremony: "register",
    expected: MISSING_CSRF,
    send: (p) => p.client.post("/auth/callback/passkey", { form: p.form }),
  },
  {
    name: "a wrong CSRF token",
    reason: /^csrf-token-missing$/,
    logged: "warning",
    ceremony: "authenticate",
    expected: MISSING_CSRF,
    send: (p) => p.client.post("/auth/callback/passkey", { form: { ...p.form, csrfToken: "0".repeat(64) } }),
  },
  {
    name: "missing data",
    reason: /without `data`/,
    ceremony: "register",
    expected: VERIFICATION,
    send: (p) => post(p, { action: "register" }),
  },
  {
    name: "data that is not JSON",
    reason: /not JSON/,
    ceremony: "register",
    expected: VERIFICATION,
    send: (p) => post(p, { action: "register", data: "{not json" }),
  },
  {
    name: "data that is JSON but no credential",
    reason: /not a WebAuthn credential/,
    ceremony: "authenticate",
    expected: VERIFICATION,
    send: (p) => post(p, { action: "authenticate", data: "null" }),
  },
  {
    name: "a credential id that is not base64url",
    reason: /not a WebAuthn credential/,
    ceremony: "authenticate",
    expected: VERIFICATION,
    send: (p) => post(p, { ...p.form, data: JSON.stringify({ ...p.credential, id: "a/b+c=" }) }),
  },
  {
    name: "data sent as a JSON object instead of a string",
    reason: /without `data`/,
    ceremony: "register",
    expected: VERIFICATION,
    send: async (p) => {
      const csrfToken = await p.client.csrfToken();
      return p.client.post("/auth/callback/passkey", {
        json: { csrfToken, action: "register", data: p.credential },
      });
    },
  },
  {
    name: "an unknown action",
    reason: /`action` must be/,
    ceremony: "register",
    expected: VERIFICATION,
    send: (p) => post(p, { ...p.form, action: "delete" }),
  },
  {
    name: "no action",
    reason: /`action` must be/,
    ceremony: "authenticate",
    expected: VERIFICATION,
    send: (p) => post(p, { data: p.form.data! }),
  },
  {
    name: "an action other than the challenge's",
    reason: /issued for register, not authenticate/,
    ceremony: "register",
    expected: VERIFICATION,
    send: (p) => post(p, { ...p.form, action: "authenticate" }),
  },
  {
    name: "no challenge cookie",
    reason: /challenge cookie is missing/,
    ceremony: "register",
    expected: VERIFICATION,
    send: (p) => {
      p.client.jar.cookies.delete(CHALLENGE_COOKIE);
      return post(p, p.form);
    },
  },
  {
    name: "a tampered challenge cookie",
    reason: /expired or was altered/,
    ceremony: "authenticate",
    expected: VERIFICATION,
    send: (p) => {
      const value = p.client.jar.get(CHALLENGE_COOKIE)!;
      const flipped = value.slice(0, -2) + (value.at(-2) === "A" ? "B" : "A") + value.at(-1);
      p.client.jar.set(CHALLENGE_COOKIE, flipped);
      return post(p, p.form);
    },
  },
  {
    name: "an expired challenge cookie",
    reason: /expired or was altered/,
    ceremony: "register",
    expected: VERIFICATION,
    send: (p) => {
      p.advanceClock(16 * 60);
      return post(p, p.form);
    },
  },
  {
    name: "a response signed over another challenge",
    reason: /did not verify.*challenge/,
    ceremony: "authenticate",
    expected: VERIFICATION,
    send: async (p) => {
      const stale = p.form.data!;
      await options(p.client, { action: "authenticate" });
      return post(p, { ...p.form, data: stale });
    },
  },
  {
    name: "a response made on another origin",
    reason: /did not verify.*origin/,
    ceremony: "register",
    expected: VERIFICATION,
    send: (p) => {
      const phishing = new SoftAuthenticator("http://localhost:4000").create(p.answer.options);
      return post(p, { ...p.form, data: JSON.stringify(phishing) });
    },
  },
  {
    name: "an unknown credential id",
    reason: /No stored passkey/,
    ceremony: "authenticate",
    expected: VERIFICATION,
    send: (p) => {
      const stranger = new SoftAuthenticator(ORIGIN);
      stranger.create(p.answer.options);
      return post(p, { ...p.form, data: JSON.stringify(stranger.get(p.answer.options)) });
    },
  },
  {
    name: "a GET on the callback",
    reason: /only POST/,
    ceremony: "authenticate",
    expected: `${ORIGIN}/auth/error?error=Configuration`,
    send: (p) => p.client.get(`/auth/callback/passkey?${new URLSearchParams(p.form)}`),
  },
];

describe.each(CASES)("$ceremony with $name", (c) => {
  it(`redirects to ${c.expected.slice(ORIGIN.length)}, sets no cookie and stores nothing`, async () => {
    const { adapter, prepared, errors, warnings } = await prepare(c.ceremony);
    const credentialId = prepared.authenticator.credentials[0]!.id.toString("base64url");
    const counter = (await adapter.getAuthenticator!(credentialId))?.counter;
    const response = await c.send(prepared);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(c.expected);
    expect(response.headers.getSetCookie()).toEqual([]);
    const [log, quiet] = c.logged === "warning" ? [warnings, errors] : [errors.map(explain), warnings];
    expect(log).toEqual([expect.stringMatching(c.reason)]);
    expect(quiet).toEqual([]);
    if (c.ceremony === "register") {
      expect(await adapter.getUserByEmail!(NEW_EMAIL)).toBeNull();
      expect(await adapter.getAccount!(credentialId, "passkey")).toBeNull();
    } else {
      expect((await adapter.getAuthenticator!(credentialId))?.counter).toBe(counter);
    }
    expect(await prepared.client.session()).toBeNull();
  });
});

describe("replayed assertions", () => {
  async function signedInOnce() {
    const { adapter, prepared, errors } = await prepare("authenticate");
    const cookie = prepared.client.jar.get(CHALLENGE_COOKIE)!;
    const first = await post(prepared, prepared.form);
    expect(first.headers.get("location")).toBe(ORIGIN);
    const replayer = otherBrowser(prepared.client);
    return { adapter, prepared, cookie, replayer, errors };
  }

  it("refuses the same assertion posted again from a browser whose challenge cookie was cleared", async () => {
    const { prepared, errors } = await signedInOnce();
    const response = await post(prepared, prepared.form);
    expect(response.headers.get("location")).toBe(VERIFICATION);
    expect(errors.map(explain)).toEqual([expect.stringMatching(/challenge cookie is missing/)]);
  });

  it("refuses the same assertion replayed together with its challenge cookie (the challenge was spent)", async () => {
    const { adapter, prepared, cookie, replayer, errors } = await signedInOnce();
    replayer.jar.set(CHALLENGE_COOKIE, cookie);
    const response = await postCallback(replayer, prepared.form);
    expect(response.headers.get("location")).toBe(VERIFICATION);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await replayer.session()).toBeNull();
    expect(errors.map(explain)).toEqual([expect.stringMatching(/challenge was used already/)]);
    const credentialId = prepared.authenticator.credentials[0]!.id.toString("base64url");
    expect((await adapter.getAuthenticator!(credentialId))?.counter).toBe(1);
  });

  it("refuses a registration response posted again with its challenge cookie", async () => {
    const { adapter, prepared, errors } = await prepare("register");
    const cookie = prepared.client.jar.get(CHALLENGE_COOKIE)!;
    expect((await post(prepared, prepared.form)).status).toBe(302);
    const replayer = otherBrowser(prepared.client);
    replayer.jar.set(CHALLENGE_COOKIE, cookie);
    const response = await postCallback(replayer, prepared.form);
    expect(response.headers.get("location")).toBe(VERIFICATION);
    expect(await replayer.session()).toBeNull();
    expect(errors.map(explain)).toEqual([expect.stringMatching(/challenge was used already/)]);
    const user = await adapter.getUserByEmail!(NEW_EMAIL);
    expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(1);
  });
});

describe("a challenge made for another provider", () => {
  it("does not complete this provider's ceremony", async () => {
    const { client, adapter, authenticator, errors } = setup({
      providers: [Passkey, WebAuthn({ enableConditionalUI: false })],
    });
    const { body } = await options(client, { email: NEW_EMAIL }, "webauthn");
    const response = await postCallback(client, {
      action: "register",
      data: JSON.stringify(authenticator.create(body.options)),
    });
    expect(response.headers.get("location")).toBe(VERIFICATION);
    expect(errors.map(explain)).toEqual([expect.stringMatching(/made for another provider/)]);
    expect(await adapter.getUserByEmail!(NEW_EMAIL)).toBeNull();
  });
});
