/**
 * The extraction behind the examples test: a failure must point at the line a reader edits, and
 * only TypeScript fences are taken.
 */
import { describe, expect, it } from "vitest";
import { markdownBlocks, tsdocBlocks } from "./example-blocks";

const FENCE = "```";

describe("tsdocBlocks", () => {
  it("takes the code of a TSDoc fence without the gutter, at its line in the file", () => {
    const source = [
      "import x from 'y'",
      "/**",
      " * Does a thing.",
      " * @example",
      ` * ${FENCE}ts`,
      " * if (ready) {",
      " *   go()",
      " * }",
      ` * ${FENCE}`,
      " */",
      "export function thing() {}",
    ].join("\n");
    expect(tsdocBlocks(source, "a.ts")).toEqual([
      { file: "a.ts", line: 6, language: "ts", code: "if (ready) {\n  go()\n}" },
    ]);
  });

  it("ignores fences in plain comments and fences of other languages", () => {
    const source = [`// ${FENCE}ts`, "/**", ` * ${FENCE}svelte`, " * <p>hi</p>", ` * ${FENCE}`, " */"].join(
      "\n",
    );
    expect(tsdocBlocks(source, "a.ts")).toEqual([]);
  });
});

describe("markdownBlocks", () => {
  it("takes ts, typescript and tsx fences, and drops a list item's indentation", () => {
    const markdown = [
      "# Title",
      `${FENCE}sh`,
      "npm install x",
      FENCE,
      "- item:",
      `  ${FENCE}typescript`,
      "  const a = 1",
      "    .toString()",
      `  ${FENCE}`,
      `${FENCE}tsx`,
      "<p />",
      FENCE,
    ].join("\n");
    expect(markdownBlocks(markdown, "README.md")).toEqual([
      { file: "README.md", line: 7, language: "typescript", code: "const a = 1\n  .toString()" },
      { file: "README.md", line: 11, language: "tsx", code: "<p />" },
    ]);
  });
});
