import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src`, import.meta.url));

const coreTests = "packages/core/test/**/*.test.ts";
const databaseTests = "packages/sql-adapter/test/**/*.test.ts";

// Tests import packages by their public names; these aliases point the names at the sources,
// so the suite runs without a build and a subpath maps to the file of the same name.
// Every project below `extends` this root, so the aliases and time-outs apply to all of them.
//
// Projects (pick with `npx vitest run --project NAME`; `npx vitest run` runs them all):
// - `core`: the core's tests. No database is started, so they run where PostgreSQL and
//   MariaDB are not installed.
// - `db`: the SQL adapter's tests. Only this project starts PostgreSQL and MariaDB (the
//   testkit's global setup) and hands their URLs to `inject("postgresUrl" | "mariadbUrl")`.
// - `packages`: every other package, the examples, the bench and the scripts (`npm run pack`). No database either; some start
//   their own peers (Chromium, an SMTP server, an OIDC provider, framework dev servers).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@portcullis\/core$/, replacement: `${src("core")}/index.ts` },
      { find: /^@portcullis\/core\/(.*)$/, replacement: `${src("core")}/$1` },
      // Auth.js apps import providers from their framework package; these are core's modules.
      {
        find: /^@portcullis\/(next|sveltekit|express|hono|fastify|solid-start)\/providers\/(.*)$/,
        replacement: `${src("core")}/providers/$2`,
      },
      // The framework packages' own `adapters` and `providers` entries (the core's types again).
      {
        find: /^@portcullis\/(next|sveltekit|express|hono|fastify|solid-start)\/(adapters|providers)$/,
        replacement: `${fileURLToPath(new URL("./packages", import.meta.url))}/$1/src/$2.ts`,
      },
      { find: /^@portcullis\/sveltekit\/(client|webauthn)$/, replacement: `${src("sveltekit")}/$1.ts` },
      {
        find: /^@portcullis\/sveltekit\/components$/,
        replacement: `${src("sveltekit")}/components/index.js`,
      },
      { find: /^@portcullis\/client\/(react|solid-start)$/, replacement: `${src("client")}/$1.ts` },
      {
        find: /^@portcullis\/(memory-adapter|redis|redis-adapter|sql-adapter|adapter-testing|testkit|migrate|client|express|hono|fastify|next|sveltekit|solid-start)$/,
        replacement: `${fileURLToPath(new URL("./packages", import.meta.url))}/$1/src/index.ts`,
      },
    ],
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "core", include: [coreTests] } },
      {
        extends: true,
        test: {
          name: "db",
          include: [databaseTests],
          globalSetup: ["packages/testkit/src/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "packages",
          include: [
            "packages/*/test/**/*.test.ts",
            "examples/*/test/**/*.test.ts",
            "bench/test/**/*.test.ts",
            "scripts/test/**/*.test.ts",
          ],
          exclude: [coreTests, databaseTests, "**/node_modules/**"],
        },
      },
    ],
  },
});
