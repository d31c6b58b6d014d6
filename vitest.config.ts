import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src`, import.meta.url));

// Tests import packages by their public names; these aliases point the names at the sources,
// so the suite runs without a build and a subpath maps to the file of the same name.
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
      { find: /^@portcullis\/sveltekit\/(client|webauthn)$/, replacement: `${src("sveltekit")}/$1.ts` },
      {
        find: /^@portcullis\/sveltekit\/components$/,
        replacement: `${src("sveltekit")}/components/index.js`,
      },
      { find: /^@portcullis\/client\/react$/, replacement: `${src("client")}/react.ts` },
      {
        find: /^@portcullis\/(memory-adapter|sql-adapter|adapter-testing|testkit|migrate|client|express|hono|fastify|next|sveltekit|solid-start)$/,
        replacement: `${fileURLToPath(new URL("./packages", import.meta.url))}/$1/src/index.ts`,
      },
    ],
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts", "bench/test/**/*.test.ts"],
    globalSetup: ["packages/testkit/src/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
