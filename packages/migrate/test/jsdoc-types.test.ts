/**
 * The codemod rewrites `import("...")` types in the JSDoc comments TypeScript reads, and nothing
 * that only looks like one: a string holding a glob such as "src/**\/*.js" opens no comment, and
 * a template literal holding `/** ... *\/` is a string, so the `import("...")` text after or in
 * it stays as written, as the codemod promises for strings.
 */
import { rewriteSource } from "@portcullis/migrate";
import { describe, expect, it } from "vitest";

describe("JSDoc import() types and strings that look like them", () => {
  it("leaves a string literal alone when a glob string with /** precedes it", () => {
    const source = [
      `const files = ["src/**/*.js"]`,
      `const hint = 'Replace import("next-auth") with the package you use now'`,
      `/** @type {import("next-auth").NextAuthConfig} */`,
      `export const config = {}`,
    ].join("\n");
    const { text } = rewriteSource(source, "auth.config.js");
    // The real JSDoc type is rewritten...
    expect(text).toContain(`/** @type {import("@portcullis/next").NextAuthConfig} */`);
    // ...but the string literal must stay as written.
    expect(text).toContain(`const hint = 'Replace import("next-auth") with the package you use now'`);
  });

  it("leaves a template literal that happens to contain /** ... */ alone", () => {
    const source = [
      `export const banner = \`/** generated: import("next-auth") */\``,
      `export const x = 1`,
    ].join("\n");
    const result = rewriteSource(source, "gen.js");
    expect(result).toEqual({ text: source, changed: false, manual: [], wrapped: [] });
  });
});
