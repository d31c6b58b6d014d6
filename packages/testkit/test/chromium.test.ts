import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enableVirtualAuthenticator, launchChromium } from "../src/chromium";
import { type ServedApp, serve } from "../src/http-server";

const PAGE = `<!doctype html>
<html><body>
  <button id="greet">Greet</button>
  <p id="out"></p>
  <script>
    document.getElementById("greet").addEventListener("click", async () => {
      const response = await fetch("/greeting", { method: "POST", body: "Ada" });
      document.getElementById("out").textContent = await response.text();
    });
  </script>
</body></html>`;

describe("launchChromium", () => {
  let browser: Browser;
  let app: ServedApp;

  beforeAll(async () => {
    app = await serve(async (request) => {
      if (new URL(request.url).pathname === "/greeting")
        return new Response(`Hello, ${await request.text()}!`);
      return new Response(PAGE, { headers: { "content-type": "text/html" } });
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("opens a page from a local server, clicks a button and reads the text the page fetched", async () => {
    const page = await browser.newPage();
    await page.goto(app.url);
    await page.click("#greet");
    await page.locator("#out:not(:empty)").waitFor();
    expect(await page.textContent("#out")).toBe("Hello, Ada!");
    await page.close();
  });

  it("runs the Debian Chromium from /usr/bin/chromium", async () => {
    const { stdout } = await promisify(execFile)("/usr/bin/chromium", ["--version"]);
    expect(stdout).toContain(browser.version());
  });

  it("registers and then uses a passkey with the virtual authenticator on localhost", async () => {
    const page = await browser.newPage();
    const authenticatorId = await enableVirtualAuthenticator(page);
    expect(authenticatorId).not.toBe("");
    // WebAuthn rejects IP addresses as relying party ids, so the page is loaded by name.
    await page.goto(`http://localhost:${app.port}/`);
    const result = await page.evaluate(async () => {
      const created = (await navigator.credentials.create({
        publicKey: {
          rp: { name: "Portcullis test", id: "localhost" },
          user: { id: new Uint8Array([1, 2, 3]), name: "ada@example.test", displayName: "Ada" },
          challenge: crypto.getRandomValues(new Uint8Array(32)),
          pubKeyCredParams: [{ type: "public-key", alg: -7 }],
          authenticatorSelection: { residentKey: "required", userVerification: "required" },
        },
      })) as PublicKeyCredential;
      const asserted = (await navigator.credentials.get({
        publicKey: { challenge: crypto.getRandomValues(new Uint8Array(32)), rpId: "localhost" },
      })) as PublicKeyCredential;
      return { created: created.id, attachment: created.authenticatorAttachment, asserted: asserted.id };
    });
    expect(result.attachment).toBe("platform");
    expect(result.asserted).toBe(result.created);
    await page.close();
  });
});
