/**
 * `@portcullis/<framework>/providers/<id>`, as Auth.js apps import providers from their framework
 * package (`@auth/express/providers/github`): the same module as core's, from the sources (the
 * suite's resolution) and from the files the shared build step writes into each package's dist.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fromCore from "@portcullis/core/providers/github";
import fromExpress from "@portcullis/express/providers/github";
import fromFastify from "@portcullis/fastify/providers/github";
import fromHono from "@portcullis/hono/providers/github";
import fromNext from "@portcullis/next/providers/github";
import fromSolidStart from "@portcullis/solid-start/providers/github";
import fromSvelteKit from "@portcullis/sveltekit/providers/github";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error: a plain build script, without declarations.
import { providerIds, writeReexports } from "../../../scripts/provider-reexports.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
// Inside the repository, so the written modules resolve @portcullis/core as a package would.
const work = mkdtempSync(join(here, ".providers-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it.each([
  ["express", fromExpress],
  ["fastify", fromFastify],
  ["hono", fromHono],
  ["next", fromNext],
  ["solid-start", fromSolidStart],
  ["sveltekit", fromSvelteKit],
])("@portcullis/%s/providers/github is core's GitHub factory", (_framework, factory) => {
  expect(factory).toBe(fromCore);
});

it("writes a module and a declaration for every core provider, each being core's module", async () => {
  const count: number = writeReexports(work);
  const ids: string[] = providerIds();
  expect(count).toBe(ids.length);
  expect(ids).toEqual(expect.arrayContaining(["credentials", "github", "google", "nodemailer", "passkey"]));
  // Shared helpers of core's providers folder are not providers.
  expect(ids).not.toContain("oauth-factory");
  const files = readdirSync(join(work, "dist", "providers")).sort();
  expect(files).toEqual(ids.flatMap((id) => [`${id}.d.ts`, `${id}.js`]).sort());

  const written = await import(join(work, "dist", "providers", "github.js"));
  expect(written.default).toBe(fromCore);
  const credentials = await import(join(work, "dist", "providers", "credentials.js"));
  expect(credentials.default).toBe((await import("@portcullis/core/providers/credentials")).default);
});
