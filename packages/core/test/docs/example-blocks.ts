/**
 * Finds the code examples the project documents: the fenced TypeScript blocks of TSDoc comments in
 * the packages' sources and of the Markdown docs. The checker type-checks each block on its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One fenced code block, with where it sits so a failure can point at the line to edit. */
export interface ExampleBlock {
  /** The file holding the block, relative to the repository root, with forward slashes. */
  file: string;
  /** The 1-based line in `file` of the block's first line of code (the line after the fence). */
  line: number;
  /** The fence's language tag in lower case: `ts`, `typescript` or `tsx`. */
  language: string;
  /** The code without the comment's `*` gutter or the Markdown list's indentation. */
  code: string;
}

/** Fence languages that hold TypeScript; any other fence (sh, json, svelte...) is not ours to check. */
const TYPESCRIPT_FENCES = new Set(["ts", "typescript", "tsx"]);

/** An opening or closing fence: optional indentation, three backticks, then the language tag if any. */
const FENCE = /^(\s*)```\s*([\w-]*)/;

/**
 * The TypeScript blocks of a list of lines, with each block's indentation (the opening fence's) taken off
 * its code lines. `firstLine` is the 1-based file line of `lines[0]`.
 *
 * @example
 * ```ts
 * const [block] = fencedBlocks(["```ts", "const a = 1", "```"], 1, "notes.md")
 * block?.line // 2
 * ```
 */
export function fencedBlocks(lines: readonly string[], firstLine: number, file: string): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  let open: { indent: number; language: string; start: number; code: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = FENCE.exec(text);
    if (open) {
      if (fence && fence[2] === "") {
        if (TYPESCRIPT_FENCES.has(open.language)) {
          blocks.push({ file, line: open.start, language: open.language, code: open.code.join("\n") });
        }
        open = undefined;
      } else {
        open.code.push(text.slice(Math.min(open.indent, leadingSpaces(text))));
      }
    } else if (fence) {
      const language = (fence[2] ?? "").toLowerCase();
      open = { indent: fence[1]?.length ?? 0, language, start: firstLine + index + 1, code: [] };
    }
  });
  return blocks;
}

function leadingSpaces(text: string): number {
  return text.length - text.trimStart().length;
}

/**
 * The TypeScript blocks in the TSDoc comments (`/** ... *\/`) of a source file's text. The comment's
 * gutter (`*` and one space) is dropped so the code reads as written.
 *
 * @example
 * ```ts
 * const source = readFileSync("packages/core/src/get-session.ts", "utf8")
 * const blocks = tsdocBlocks(source, "packages/core/src/get-session.ts")
 * ```
 */
export function tsdocBlocks(source: string, file: string): ExampleBlock[] {
  const lines = source.split("\n");
  const blocks: ExampleBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!/^\s*\/\*\*/.test(lines[index] ?? "")) continue;
    const start = index;
    while (index < lines.length && !(lines[index] ?? "").includes("*/")) index++;
    const body = lines
      .slice(start, index + 1)
      .map((line) => line.replace(/^\s*(\/\*\*|\*\/|\*(?!\/)) ?/, ""));
    blocks.push(...fencedBlocks(body, start + 1, file));
  }
  return blocks;
}

/**
 * The TypeScript blocks of a Markdown document.
 *
 * @example
 * ```ts
 * markdownBlocks("# Title\n```ts\nconst a = 1\n```\n", "README.md").length // 1
 * ```
 */
export function markdownBlocks(markdown: string, file: string): ExampleBlock[] {
  return fencedBlocks(markdown.split("\n"), 1, file);
}

/** Files (relative to `root`) under `dir` whose names pass `keep`, skipping dependencies and fixtures. */
function filesUnder(root: string, dir: string, keep: (name: string) => boolean): string[] {
  let entries: string[];
  try {
    entries = readdirSync(join(root, dir), { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return entries
    .map((entry) => join(dir, entry).split("\\").join("/"))
    .filter((path) => keep(path) && !/(^|\/)(node_modules|fixtures)\//.test(path))
    .sort();
}

/**
 * Every documented TypeScript example of the repository at `root`: TSDoc blocks of `packages/*\/src`
 * and the blocks of the root README, the packages' READMEs and `docs/`.
 *
 * @example
 * ```ts
 * for (const block of repositoryExamples(process.cwd())) console.log(`${block.file}:${block.line}`)
 * ```
 */
export function repositoryExamples(root: string): ExampleBlock[] {
  const packages = readdirSync(join(root, "packages")).sort();
  const sources = packages.flatMap((name) =>
    filesUnder(root, `packages/${name}/src`, (path) => /\.tsx?$/.test(path)),
  );
  const documents = [
    "README.md",
    ...packages.map((name) => `packages/${name}/README.md`),
    ...filesUnder(root, "docs", (path) => path.endsWith(".md")),
  ];
  const read = (file: string) => {
    try {
      return readFileSync(join(root, file), "utf8");
    } catch {
      return undefined;
    }
  };
  return [
    ...sources.flatMap((file) => tsdocBlocks(read(file) ?? "", file)),
    ...documents.flatMap((file) => {
      const text = read(file);
      return text === undefined ? [] : markdownBlocks(text, file);
    }),
  ];
}
