/**
 * Passkey sign-in in real Chromium with a CDP virtual authenticator: the built-in sign-in page's
 * script registers a passkey for a new email and signs in, and after signing out the same passkey
 * signs the same user in again. The app runs behind a real HTTP server and is opened as
 * http://localhost:<port>, because WebAuthn refuses IP-address origins.
 *
 * The Passkey provider offers its passkeys in autofill (conditional UI) by default, so every
 * sign-in page starts a conditional request on load. Chromium's virtual authenticator answers
 * such a request at once when it holds a passkey for the site and simulates presence, which
 * stands for a person picking the passkey from autofill. With presence simulation off the request
 * stays pending, which stands for a person who ignores the offer and presses the button instead.
 */
import { Auth } from "@portcullis/core";
import { enableVirtualAuthenticator, launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyConfig } from "./helpers";

const EMAIL = "ada@example.com";

let browser: Browser;
let app: ServedApp;
let origin: string;
const config = passkeyConfig();
const adapter = config.adapter;

beforeAll(async () => {
  app = await serve(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/auth/")) return Auth(request, config);
    // A page of the app's own origin that tries to frame the sign-in page.
    if (pathname === "/framer")
      return new Response('<!DOCTYPE html><title>Framer</title><iframe src="/auth/signin"></iframe>', {
        headers: { "Content-Type": "text/html" },
      });
    return new Response("<!DOCTYPE html><title>Home</title><p>Home</p>", {
      headers: { "Content-Type": "text/html" },
    });
  });
  origin = `http://localhost:${app.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function session(page: Page): Promise<{ user?: { email?: string } } | null> {
  return page.evaluate(async () => (await fetch("/auth/session")).json());
}

/** A call of `navigator.credentials.get` made by the page, and how it ended once it has. */
interface CredentialGet {
  mediation: string;
  outcome?: string;
}
type ReportingWindow = Window & {
  reportCredentialGet: (id: string, mediation: string, outcome?: string) => void;
};

/**
 * A new page with a virtual authenticator whose `navigator.credentials.get` reports each call's
 * mediation and outcome (`credential` or the error's name) before the page's script runs, then
 * calls the browser's own. The reports land in `gets`, in call order, across navigations.
 */
async function passkeyPage() {
  const page = await browser.newPage();
  const calls = new Map<string, CredentialGet>();
  const gets: CredentialGet[] = [];
  await page.exposeFunction("reportCredentialGet", (id: string, mediation: string, outcome?: string) => {
    let call = calls.get(id);
    if (!call) {
      call = { mediation };
      calls.set(id, call);
      gets.push(call);
    }
    if (outcome) call.outcome = outcome;
  });
  await page.addInitScript(() => {
    const report = (window as unknown as ReportingWindow).reportCredentialGet;
    const original = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) => {
      const id = crypto.randomUUID();
      const mediation = options?.mediation ?? "optional";
      report(id, mediation);
      const result = original(options);
      result.then(
        () => report(id, mediation, "credential"),
        (error: Error) => report(id, mediation, error.name),
      );
      return result;
    };
  });
  const authenticatorId = await enableVirtualAuthenticator(page);
  // The virtual environment is per CDP session: this one joins it (the authenticator stays).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const presence = async (enabled: boolean) => {
    await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled });
  };
  return { page, authenticatorId, gets, presence };
}

/** A page from {@link passkeyPage}. */
type PasskeyPage = Awaited<ReturnType<typeof passkeyPage>>;

/** Waits until `done` holds for the reported calls (they arrive from the page asynchronously). */
async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries === 100) throw new Error("The page did not call navigator.credentials.get as expected");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens the built-in sign-in page as a person who ignores the autofill offer: its conditional
 * request is left pending (no presence while it starts), then the authenticator answers again.
 */
async function openSignInIgnoringAutofill({ page, gets, presence }: PasskeyPage): Promise<void> {
  await presence(false);
  const before = gets.length;
  await page.goto(`${origin}/auth/signin`);
  await until(() => gets.slice(before).some((call) => call.mediation === "conditional"));
  await presence(true);
}

/** Types the email on the built-in sign-in page, presses the passkey button and waits for home. */
async function signInWithPasskey(passkey: PasskeyPage, email = EMAIL): Promise<void> {
  const { page } = passkey;
  await openSignInIgnoringAutofill(passkey);
  await page.fill('input[name="email"]', email);
  await Promise.all([page.waitForURL(`${origin}/`), page.click('button[data-webauthn-provider="passkey"]')]);
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${origin}/auth/signout`);
  await Promise.all([page.waitForURL(`${origin}/`), page.click('form button[type="submit"]')]);
}

describe("passkey sign-in in Chromium", () => {
  it("registers a passkey, signs out, and signs the same user in again with it", async () => {
    const passkey = await passkeyPage();
    const { page, authenticatorId } = passkey;
    const cdp = await page.context().newCDPSession(page);

    await signInWithPasskey(passkey);
    expect(await session(page)).toMatchObject({ user: { email: EMAIL } });
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    const credentialId = Buffer.from(credentials[0]!.credentialId, "base64").toString("base64url");

    const user = await adapter.getUserByEmail!(EMAIL);
    expect(await adapter.getAccount!(credentialId, "passkey")).toMatchObject({
      userId: user?.id,
      type: "webauthn",
    });
    const registered = await adapter.getAuthenticator!(credentialId);
    expect(registered).toMatchObject({ userId: user?.id, providerAccountId: credentialId });

    await signOut(page);
    expect(await session(page)).toBeNull();

    await signInWithPasskey(passkey);
    expect(await session(page)).toMatchObject({ user: { email: EMAIL } });
    expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(1);
    const used = await adapter.getAuthenticator!(credentialId);
    const { credentials: after } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(used?.counter).toBe(after[0]?.signCount);
    expect(used?.counter).toBeGreaterThan(registered!.counter);
    await page.close();
  });

  it("runs the passkey script under the page's Content-Security-Policy, with no violation reported", async () => {
    const passkey = await passkeyPage();
    const { page } = passkey;
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    await signInWithPasskey(passkey, "hedy@example.com");
    expect(await session(page)).toMatchObject({ user: { email: "hedy@example.com" } });
    expect(violations).toEqual([]);
    await page.close();
  });

  it("refuses to show the sign-in page in a frame, even on its own origin", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/framer`);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    // A refused frame holds the browser's error document, not the sign-in form.
    expect(await frame!.locator("form").count()).toBe(0);
    expect(frame!.url()).not.toBe(`${origin}/auth/signin`);
    await page.close();
  });

  it("shows a message and re-enables the button when the server refuses the ceremony", async () => {
    const passkey = await passkeyPage();
    const { page } = passkey;
    await signInWithPasskey(passkey, "grace@example.com");
    // Signed in, a request without an explicit action is undecidable: 400 from webauthn-options.
    await openSignInIgnoringAutofill(passkey);
    await page.fill('input[name="email"]', "grace@example.com");
    await page.click('button[data-webauthn-provider="passkey"]');
    const alert = page.locator('section[data-provider="passkey"] [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Passkey sign-in did not complete. Please try again.");
    expect(await page.isEnabled('button[data-webauthn-provider="passkey"]')).toBe(true);
    expect(page.url()).toBe(`${origin}/auth/signin`);
    await page.close();
  });
});

describe("passkeys offered in autofill (conditional UI) in Chromium", () => {
  /** A page whose authenticator holds a passkey of a user who has since signed out. */
  async function registeredAndSignedOut(email: string) {
    const passkey = await passkeyPage();
    await signInWithPasskey(passkey, email);
    await signOut(passkey.page);
    return passkey;
  }

  it("asks for authentication options on load and signs in with the passkey picked from autofill", async () => {
    const { page, gets } = await registeredAndSignedOut("alan@example.com");
    const before = gets.length;
    const asked: string[] = [];
    page.on("request", (request: Request) => {
      if (request.url().includes("/webauthn-options/")) asked.push(request.url().slice(origin.length));
    });
    // No click: the conditional request started on load is answered, and the page posts it.
    await page.goto(`${origin}/auth/signin`, { waitUntil: "commit" });
    await page.waitForURL(`${origin}/`);
    expect(await session(page)).toMatchObject({ user: { email: "alan@example.com" } });
    expect(asked).toEqual(["/auth/webauthn-options/passkey?action=authenticate"]);
    expect(gets.slice(before)).toEqual([{ mediation: "conditional", outcome: "credential" }]);
    await page.close();
  });

  it("ends the pending autofill request when the button is pressed, then signs in with the button's ceremony", async () => {
    const passkey = await registeredAndSignedOut("joan@example.com");
    const { page, gets } = passkey;
    await openSignInIgnoringAutofill(passkey);
    const start = gets.length - 1;
    expect(gets[start]).toEqual({ mediation: "conditional" });
    await page.fill('input[name="email"]', "joan@example.com");
    await Promise.all([
      page.waitForURL(`${origin}/`),
      page.click('button[data-webauthn-provider="passkey"]'),
    ]);
    expect(await session(page)).toMatchObject({ user: { email: "joan@example.com" } });
    // Without the abort, the browser refuses the button's request as "already pending".
    expect(gets.slice(start)).toEqual([
      { mediation: "conditional", outcome: "AbortError" },
      { mediation: "optional", outcome: "credential" },
    ]);
    await page.close();
  });

  it("shows no message when the autofill request ends without a passkey", async () => {
    const { page, gets } = await passkeyPage();
    // An empty authenticator refuses the conditional request at once (NotAllowedError).
    await page.goto(`${origin}/auth/signin`);
    await until(() => gets.some((call) => call.outcome));
    expect(gets).toEqual([{ mediation: "conditional", outcome: "NotAllowedError" }]);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    expect(await page.isEnabled('button[data-webauthn-provider="passkey"]')).toBe(true);
    expect(page.url()).toBe(`${origin}/auth/signin`);
    await page.close();
  });
});
