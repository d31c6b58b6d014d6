/**
 * An app written as the Auth.js v5 docs for Next.js show (auth.ts at the root with Credentials,
 * the route handlers re-exported, `auth` as middleware with the `authorized` callback, `auth()` in
 * a server component, server actions calling signIn and signOut, `useSession` under
 * <SessionProvider>, a Session augmentation, and a custom OpenID Connect provider written as a
 * plain object), moved over by the codemod alone, built with `next build`, served by
 * `next start`, and used in Chromium as a person would, the custom provider signing in against a
 * real OpenID Provider.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CorpIdentityProvider,
  launchChromium,
  migratedFixture,
  run,
  SESSION_COOKIE,
  startCorpIdentityProvider,
  startFixtureProcess,
  useFixtureServer,
} from "@portcullis/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));
const nextBin = join(dirname(fileURLToPath(import.meta.resolve("next/package.json"))), "dist/bin/next");

/** The migrated app and its build, both in a folder of the repository removed afterwards. */
interface MigratedApp {
  dir: string;
  /** What the codemod printed. */
  migrateOutput: string;
  remove(): void;
}

/** Every source file of the app, relative to it (the build output left out). */
function sourceFiles(dir: string, under = ""): string[] {
  return readdirSync(join(dir, under)).flatMap((name) => {
    const path = join(under, name);
    if (name === ".next" || name === "node_modules") return [];
    return statSync(join(dir, path)).isDirectory() ? sourceFiles(dir, path) : [path];
  });
}

/**
 * Copies the Auth.js app into the repository (so it resolves Next.js and React from the
 * workspace), migrates it with the codemod's command line, swaps its empty next.config.ts for one
 * that adds the source aliases of migrated-app.next.config.mjs, and runs `next build` on it.
 */
async function migrateAndBuild(): Promise<MigratedApp> {
  const { dir, migrateOutput, remove } = migratedFixture(join(here, "fixtures"), "authjs-app");
  rmSync(join(dir, "next.config.ts"));
  const config = relative(dir, join(here, "migrated-app.next.config.mjs"));
  writeFileSync(
    join(dir, "next.config.mjs"),
    `import { migratedAppConfig } from "${config}";\nexport default migratedAppConfig(import.meta.url);\n`,
  );
  try {
    await run(process.execPath, [nextBin, "build", dir], {
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, migrateOutput, remove };
}

/** The company's OpenID Provider the app's custom provider signs in with. */
let corp: CorpIdentityProvider | undefined;
afterAll(() => corp?.idp.stop());

let migrated: MigratedApp | undefined;
// biome-ignore lint/correctness/useHookAtTopLevel: a vitest helper registering beforeAll/afterAll, not a React hook.
const app = useFixtureServer(
  async () => {
    migrated = await migrateAndBuild();
    return migrated;
  },
  async ({ dir }) => {
    corp = await startCorpIdentityProvider("/api/auth/callback/corp");
    // What an Auth.js user sets for `next start` behind no proxy: the secret, trust in the Host
    // header, and the custom provider's client and issuer.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      AUTH_SECRET: "a-secret-of-the-fixture-app-that-is-long-enough",
      AUTH_TRUST_HOST: "true",
      ...corp.env,
    };
    delete env.AUTH_URL;
    return startFixtureProcess({
      entry: nextBin,
      args: ["start", dir, "--hostname", "127.0.0.1"],
      env,
      logFile: join(dir, ".next", "errors.log"),
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

async function newPage(): Promise<Page> {
  if (!browser) throw new Error("Chromium did not start.");
  return browser.newPage();
}

/** Signs in with the server action's form on the home page; resolves on the dashboard. */
async function signInWithServerAction(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`, { waitUntil: "networkidle" });
  await page.fill('#sign-in-form input[name="email"]', "alice@example.com");
  await page.fill('#sign-in-form input[name="password"]', "wonderland");
  await page.click("#sign-in-form button");
  await page.waitForSelector("#server-user");
}

it("leaves no Auth.js import in the migrated app", () => {
  if (!migrated) throw new Error("The app was not migrated.");
  const { dir } = migrated;
  const files = sourceFiles(dir).filter((file) => /\.(tsx?|json)$/.test(file) && !file.includes("tsconfig"));
  const sources = files.map((file) => readFileSync(join(dir, file), "utf8")).join("\n");
  expect(sources).not.toMatch(/["']next-auth(\/[\w/-]+)?["']/);
  expect(sources).toContain('from "@portcullis/next"');
  expect(sources).toContain('from "@portcullis/client/react"');
  expect(sources).toContain('declare module "@portcullis/next"');
  const changed = [
    "app/dashboard/page.tsx",
    "app/page.tsx",
    "auth.ts",
    "components/client-session.tsx",
    "package.json",
    "types/next-auth.d.ts",
  ];
  expect(migrated.migrateOutput).toContain(`Changed ${changed.length} file(s)`);
  for (const file of changed) expect(migrated.migrateOutput).toContain(file);
  const { dependencies } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  expect(Object.keys(dependencies)).toEqual(
    expect.arrayContaining(["@portcullis/next", "@portcullis/client", "@portcullis/core"]),
  );
});

it("type-checks the migrated app, the Session augmentation of @portcullis/next included", async () => {
  if (!migrated) throw new Error("The app was not migrated.");
  const { dir } = migrated;
  // The app's own tsconfig.json plus where the Portcullis packages' sources are, as the suite
  // resolves them; `session.user.role` compiles only if the augmentation reaches the module.
  const packages = relative(dir, join(here, "../.."));
  const paths = {
    "@/*": ["./*"],
    "@portcullis/core": [`${packages}/core/src/index.ts`],
    "@portcullis/core/*": [`${packages}/core/src/*`],
    "@portcullis/next": [`${packages}/next/src/index.ts`],
    "@portcullis/client/react": [`${packages}/client/src/react.ts`],
  };
  const tsconfig = join(dir, "tsconfig.check.json");
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: "./tsconfig.json",
      compilerOptions: { incremental: false, paths },
      include: ["**/*.ts", "**/*.tsx"],
      exclude: [".next", "node_modules"],
    }),
  );
  const tsc = fileURLToPath(import.meta.resolve("typescript/bin/tsc"));
  // On errors this throws with tsc's report in the message.
  expect(await run(process.execPath, [tsc, "--noEmit", "-p", tsconfig])).toBe("");
}, 60_000);

it("sends a visitor of /dashboard to the sign-in page, then back to it once signed in there", async () => {
  const { origin } = app();
  const page = await newPage();
  await page.goto(`${origin}/dashboard`);
  const signInPage = new URL(page.url());
  expect(signInPage.pathname).toBe("/api/auth/signin");
  expect(signInPage.searchParams.get("callbackUrl")).toBe(`${origin}/dashboard`);

  // The built-in page's credentials form, with the fields the provider declares.
  await page.fill('input[name="email"]', "alice@example.com");
  await page.fill('input[name="password"]', "wonderland");
  await page.click('form[action$="/api/auth/callback/credentials"] button');
  await page.waitForSelector("#server-user");
  expect(page.url()).toBe(`${origin}/dashboard`);
  expect(await page.textContent("#server-user")).toBe("Alice (alice@example.com)");
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  await page.close();
});

it("signs in with the custom provider, which the codemod wrapped in OAuth(), at a real OpenID Provider", async () => {
  if (!migrated) throw new Error("The app was not migrated.");
  const auth = readFileSync(join(migrated.dir, "auth.ts"), "utf8");
  expect(auth).toContain('import OAuth from "@portcullis/core/providers/oauth";');
  expect(auth).toMatch(/OAuth\(\{\s+id: "corp",/);
  expect(migrated.migrateOutput).toContain("Providers wrapped (1)");

  const { origin } = app();
  const page = await newPage();
  await page.goto(`${origin}/dashboard`);
  // The built-in sign-in page's button for it; the provider signs alice in and consents.
  await page.click('form[action$="/api/auth/signin/corp"] button');
  await page.waitForSelector("#server-user");
  expect(page.url()).toBe(`${origin}/dashboard`);
  expect(await page.textContent("#server-user")).toBe("Alice Example (alice@example.test)");
  await page.close();
});

it("signs in with the signIn server action and shows the session in server and client components", async () => {
  const { origin } = app();
  const page = await newPage();
  await signInWithServerAction(page, origin);
  expect(page.url()).toBe(`${origin}/dashboard`);
  expect(await page.textContent("#server-user")).toBe("Alice (alice@example.com)");
  // useSession() fetched the session, with the field the session callback added and the app's
  // augmentation declares.
  await page.waitForSelector("#client-user");
  expect(await page.textContent("#client-status")).toBe("authenticated");
  expect(await page.textContent("#client-user")).toBe("Alice is admin");
  await page.close();
});

it("makes the signIn server action throw CredentialsSignin on a wrong password, with no session", async () => {
  const { origin } = app();
  const page = await newPage();
  await page.goto(`${origin}/`, { waitUntil: "networkidle" });
  await page.fill('#sign-in-form input[name="email"]', "alice@example.com");
  await page.fill('#sign-in-form input[name="password"]', "wrong");
  await page.click("#sign-in-form button");
  // The action catches the AuthError signIn throws, as the docs show, and redirects with its type.
  await page.waitForSelector("#error");
  expect(page.url()).toBe(`${origin}/?error=CredentialsSignin`);
  expect(await page.textContent("#home-user")).toBe("Not signed in");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  await page.close();
});

it("ends the session with the signOut server action", async () => {
  const { origin } = app();
  const page = await newPage();
  await signInWithServerAction(page, origin);
  await page.click("#server-sign-out");
  await page.waitForSelector("#sign-in-form");
  expect(page.url()).toBe(`${origin}/`);
  expect(await page.textContent("#home-user")).toBe("Not signed in");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  await page.goto(`${origin}/dashboard`);
  expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
  await page.close();
});

it("ends the session with signOut of next-auth/react in the client component", async () => {
  const { origin } = app();
  const page = await newPage();
  await signInWithServerAction(page, origin);
  await page.waitForSelector("#client-sign-out");
  await page.click("#client-sign-out");
  await page.waitForURL(`${origin}/`);
  await page.waitForSelector("#sign-in-form");
  expect(await page.textContent("#home-user")).toBe("Not signed in");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  await page.close();
});
