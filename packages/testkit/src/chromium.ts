import { access, constants } from "node:fs/promises";
import { type Browser, chromium, type Page } from "playwright-core";

/** Where Debian's `chromium` package installs the browser. */
const CHROMIUM = "/usr/bin/chromium";

/**
 * Launches the system's headless Chromium (Debian package, driven by playwright-core), so browser flows run
 * in a real engine with real cookies, redirects, form posts and WebAuthn. Playwright gives each launch a
 * fresh temporary profile and deletes it on `close()`, so no state leaks between tests. Networking Chromium
 * does on its own (updates, sync, QUIC probes) is switched off: tests only talk to 127.0.0.1.
 *
 * @returns The browser; close it in `afterAll`.
 * @throws When `/usr/bin/chromium` is missing (run `scripts/system-deps.sh`) or the browser fails to start.
 * @example
 * const browser = await launchChromium();
 * const page = await browser.newPage();
 * await page.goto("http://127.0.0.1:3000/");
 * await browser.close();
 */
export async function launchChromium(): Promise<Browser> {
  try {
    await access(CHROMIUM, constants.X_OK);
  } catch (cause) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}: run scripts/system-deps.sh`, { cause });
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      // Tests run as root in a container, where Chromium's sandbox cannot start.
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Attaches a CTAP2 platform authenticator (internal transport, resident keys, user verification that always
 * succeeds) to the page through the Chrome DevTools Protocol, so passkey registration and sign-in run
 * without a person or a hardware key. WebAuthn needs a secure context with a domain name: load the app
 * from `http://localhost:<port>`, not an IP address.
 *
 * @param page The page whose browsing context gets the authenticator.
 * @returns The authenticator id, for later `WebAuthn.*` CDP commands.
 * @throws When the browser does not support the WebAuthn CDP domain.
 * @example
 * const page = await browser.newPage();
 * const authenticatorId = await enableVirtualAuthenticator(page);
 */
export async function enableVirtualAuthenticator(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  await session.send("WebAuthn.enable");
  const { authenticatorId } = await session.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      // Answers presence checks itself, so navigator.credentials calls complete without a click.
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}
