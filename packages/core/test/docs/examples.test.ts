/**
 * The documented examples still match the API: every ```ts, ```typescript and ```tsx block of a
 * TSDoc comment in packages/*\/src and of the READMEs and docs/ compiles against the current sources.
 * A fragment may leave names to the surrounding prose; importing a name a package does not export,
 * a module that does not exist, a wrong option or argument, or a syntax error fails its test.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type ExampleBlock, repositoryExamples } from "./example-blocks";
import { type ExampleResult, typeCheckExamples } from "./type-check-examples";

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));

/**
 * Blocks that cannot be checked, each with its reason, keyed by `file:line` of the block's first
 * line of code. Keep it empty unless a block truly cannot compile on its own.
 */
const SKIPPED = new Map<string, string>([]);

/**
 * Examples that must fail, so a checker that silently accepts everything (a wrong path, an ignore
 * list grown too wide) fails this file instead of passing it.
 */
const PROBES: ExampleBlock[] = [
  {
    file: "probe/missing-export.md",
    line: 1,
    language: "ts",
    code: 'import { nope } from "@portcullis/core"',
  },
  { file: "probe/missing-module.md", line: 1, language: "ts", code: 'import x from "@portcullis/nope"' },
  {
    file: "probe/wrong-option.md",
    line: 1,
    language: "ts",
    code: 'import { createAuth } from "@portcullis/core"\ncreateAuth({ providers: [], nope: true })',
  },
  { file: "probe/syntax.md", line: 1, language: "ts", code: "const a = ;" },
];

const blocks = repositoryExamples(ROOT);
const checked = blocks.filter((block) => !SKIPPED.has(`${block.file}:${block.line}`));
let results: Map<ExampleBlock, ExampleResult>;

beforeAll(() => {
  const all = typeCheckExamples(ROOT, [...checked, ...PROBES]);
  results = new Map(all.map((result) => [result.block, result]));
}, 120_000);

describe("documented examples", () => {
  it("finds the examples of the sources and of the docs", () => {
    expect(blocks.some((block) => block.file.startsWith("packages/core/src/"))).toBe(true);
    expect(blocks.some((block) => block.file === "packages/core/README.md")).toBe(true);
  });

  it.each(["express", "fastify", "hono", "nextjs", "solidstart", "sveltekit"])(
    "finds the examples of the %s getting-started guide",
    (framework) => {
      expect(blocks.some((block) => block.file === `docs/getting-started-${framework}.md`)).toBe(true);
    },
  );

  it("skips only blocks that exist", () => {
    const found = new Set(blocks.map((block) => `${block.file}:${block.line}`));
    expect([...SKIPPED.keys()].filter((key) => !found.has(key))).toEqual([]);
  });

  it.each(PROBES.map((probe) => [probe.file, probe] as const))(
    "reports a broken example (%s)",
    (_, probe) => {
      expect(results.get(probe)?.problems).not.toEqual([]);
    },
  );

  const files = [...new Set(checked.map((block) => block.file))];
  for (const file of files) {
    const fileBlocks = checked.filter((block) => block.file === file);
    describe(file, () => {
      it.each(fileBlocks.map((block) => [block.line, block] as const))(
        "the block at line %i compiles",
        (_, block) => {
          expect(results.get(block)?.problems).toEqual([]);
        },
      );
    });
  }
});
