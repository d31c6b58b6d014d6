/**
 * An app written as the @auth/sveltekit docs show (SvelteKitAuth with credentials and a custom
 * OpenID Connect provider written as a plain object, the handle re-exported from
 * hooks.server.ts, the SignIn and SignOut components on its page), moved over by the codemod
 * alone, built with Vite and adapter-node, and used in Chromium as a person would, the custom
 * provider signing in against a real OpenID Provider.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CorpIdentityProvider,
  launchChromium,
  migratedFixture,
  SESSION_COOKIE,
  startCorpIdentityProvider,
  startFixtureProcess,
  useFixtureServer,
} from "@portcullis/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));

/** The migrated app and its build, both in a folder of the repository removed afterwards. */
interface MigratedApp {
  dir: string;
  /** What the codemod printed. */
  migrateOutput: string;
  remove(): void;
}

/**
 * Copies the Auth.js app into the repository (so it resolves SvelteKit and Vite from the
 * workspace), migrates it with the codemod's command line, and builds it where it is, with its own
 * Vite configuration plus the source aliases of migrated-app.vite.config.ts. SvelteKit
 * reads svelte.config.js from the working directory, which is restored afterwards.
 */
async function migrateAndBuild(): Promise<MigratedApp> {
  const { dir, migrateOutput, remove } = migratedFixture(join(here, "fixtures"), "authjs-app");
  const cwd = process.cwd();
  process.env.PORTCULLIS_MIGRATED_APP = dir;
  process.chdir(dir);
  try {
    const { build } = await import("vite");
    await build({ root: dir, configFile: join(here, "migrated-app.vite.config.ts") });
  } catch (error) {
    remove();
    throw error;
  } finally {
    process.chdir(cwd);
    delete process.env.PORTCULLIS_MIGRATED_APP;
  }
  return { dir, migrateOutput, remove };
}

/** The company's OpenID Provider the app's custom provider signs in with. */
let corp: CorpIdentityProvider | undefined;
afterAll(() => corp?.idp.stop());

let migrated: MigratedApp | undefined;
const app = useFixtureServer(
  async () => {
    migrated = await migrateAndBuild();
    return migrated;
  },
  async ({ dir }) => {
    corp = await startCorpIdentityProvider("/auth/callback/corp");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      AUTH_SECRET: "a-secret-of-the-fixture-app-that-is-long-enough",
      AUTH_TRUST_HOST: "true",
      ...corp.env,
      PROTOCOL_HEADER: "x-forwarded-proto",
      HOST_HEADER: "x-forwarded-host",
    };
    delete env.AUTH_URL;
    return startFixtureProcess({
      entry: join(dir, "build", "index.js"),
      env,
      logFile: join(dir, "build", "errors.log"),
      readyPath: "/",
      port: corp.port,
    });
  },
);

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A fresh page that, like a reverse proxy in front of the app, says it came over http. */
async function newPage(): Promise<Page> {
  if (!browser) throw new Error("Chromium did not start.");
  const page = await browser.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-proto": "http" });
  return page;
}

it("leaves no Auth.js import in the migrated app", () => {
  if (!migrated) throw new Error("The app was not migrated.");
  const files = ["src/auth.ts", "src/routes/+page.svelte", "src/routes/client/+page.svelte", "package.json"];
  expect(migrated.migrateOutput).toContain(`Changed ${files.length} file(s)`);
  for (const file of files) expect(migrated.migrateOutput).toContain(file);
  const sources = files.map((file) => readFileSync(join(migrated?.dir ?? "", file), "utf8")).join("\n");
  expect(sources).not.toMatch(/from "@auth\/|"@auth\/sveltekit": /);
  expect(sources).toContain('from "@portcullis/sveltekit/components"');
  expect(sources).toContain('from "@portcullis/sveltekit/client"');
});

it("signs in with the custom provider, which the codemod wrapped in OAuth(), at a real OpenID Provider", async () => {
  if (!migrated) throw new Error("The app was not migrated.");
  const auth = readFileSync(join(migrated.dir, "src/auth.ts"), "utf8");
  expect(auth).toContain('import OAuth from "@portcullis/core/providers/oauth";');
  expect(auth).toMatch(/OAuth\(\{\s+id: "corp",/);
  expect(migrated.migrateOutput).toContain("Providers wrapped (1)");

  const { origin } = app();
  const page = await newPage();
  await page.goto(`${origin}/auth/signin`);
  // The built-in sign-in page's button for it; the provider signs alice in and consents.
  await page.click('form[action$="/auth/signin/corp"] button');
  await page.waitForSelector("#name");
  expect(page.url()).toBe(`${origin}/`);
  expect(await page.textContent("#name")).toBe("Alice Example");
  await page.close();
});

it("signs in through the SignIn component, shows the session, and signs out through SignOut", async () => {
  const { origin } = app();
  const page = await newPage();
  // Once the page is hydrated: the component's forms are enhanced from then on.
  await page.goto(`${origin}/`, { waitUntil: "networkidle" });
  expect(await page.textContent("body")).toContain("You are not signed in.");
  // The component's form: its hidden provider field, the slot's inputs, the action's route.
  expect(await page.getAttribute("form.signInButton", "action")).toBe("/signin");
  expect(await page.inputValue('form.signInButton input[name="providerId"]')).toBe("credentials");

  await page.fill('input[name="username"]', "alice");
  await page.fill('input[name="password"]', "wonderland");
  await page.click("form.signInButton button");
  await page.waitForSelector("#name");
  expect(await page.textContent("#name")).toBe("Alice");
  expect(page.url()).toBe(`${origin}/`);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  await page.click("form.signOutButton button");
  await page.waitForSelector("form.signInButton");
  expect(await page.textContent("body")).toContain("You are not signed in.");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  await page.reload();
  expect(await page.textContent("body")).toContain("You are not signed in.");
  await page.close();
});

it("signs in and out with signIn and signOut of the client module, CSRF token included", async () => {
  const { origin } = app();
  const page = await newPage();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(`${new URL(request.url()).pathname} ${request.postData()}`);
  });
  // Once the page is hydrated: the buttons do nothing before.
  await page.goto(`${origin}/client`, { waitUntil: "networkidle" });
  await page.fill("#username", "alice");
  await page.fill("#password", "wonderland");
  await page.click("#sign-in");
  await page.waitForSelector("#name");
  expect(await page.textContent("#name")).toBe("Alice");
  expect(page.url()).toBe(`${origin}/client`);
  expect(posts[0]).toMatch(/^\/auth\/callback\/credentials .*csrfToken=[0-9a-f]{64}/);
  expect(posts[0]).toContain("username=alice");

  await page.click("#sign-out");
  await page.waitForSelector("#sign-in");
  expect(posts[1]).toMatch(/^\/auth\/signout .*csrfToken=[0-9a-f]{64}/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  await page.close();
});
