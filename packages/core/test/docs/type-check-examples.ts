/**
 * Type-checks documented examples against the packages' current sources with the TypeScript compiler,
 * so an example naming a removed export or a renamed option fails a test instead of misleading a reader.
 */
import { join } from "node:path";
import ts from "typescript";
import type { ExampleBlock } from "./example-blocks";

/**
 * Diagnostics an example may raise because it is a fragment rather than a whole program: it uses names
 * the surrounding prose introduces (`request`, `config`) and leaves their types to the reader.
 */
export const FRAGMENT_DIAGNOSTICS: ReadonlyMap<number, string> = new Map([
  [2304, "cannot find name: the example uses a name it does not declare"],
  [2552, "cannot find name, with a suggestion"],
  [2582, "a test global (describe, it) without the test runner's types"],
  [2593, "a test global (describe, it) without the test runner's types"],
  [7006, "a parameter of an undeclared callback has an implicit any type"],
  [7031, "a destructured parameter has an implicit any type"],
  [2448, "a block-scoped name used before its declaration"],
  [2454, "a name used before it is assigned"],
  [18004, "a shorthand property of a name the example does not declare"],
]);

/**
 * Module specifiers of the reader's own app: relative paths and the aliases frameworks give the app's
 * root (`@/` in Next.js, `~/` in SolidStart, `$env/`, `$app/` and `./$types` in SvelteKit). An example
 * may import its app's modules; a package it imports must exist.
 */
const APP_MODULE = /^(\.{1,2}\/|@\/|~\/|\$)/;

/** Whether a diagnostic is only an example's missing context, not a mismatch with the packages. */
function isFragmentContext(diagnostic: ts.Diagnostic): boolean {
  if (FRAGMENT_DIAGNOSTICS.has(diagnostic.code)) return true;
  if (diagnostic.code !== 2307) return false;
  const specifier = /'([^']+)'/.exec(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))?.[1];
  return specifier !== undefined && APP_MODULE.test(specifier);
}

/** What checking one block found. */
export interface ExampleResult {
  block: ExampleBlock;
  /** One line per diagnostic, `file:line: TSxxxx message`; empty when the example compiles. */
  problems: string[];
}

/** The root tsconfig.json's compiler options, adjusted so each example is a module of its own. */
function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = join(root, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath);
  return {
    ...parsed.options,
    noEmit: true,
    // A block without imports would otherwise be a global script whose names clash with the other blocks'.
    moduleDetection: ts.ModuleDetectionKind.Force,
    jsx: ts.JsxEmit.ReactJSX,
  };
}

/**
 * The path a block is compiled under: beside the file that documents it, so bare imports resolve
 * through the same node_modules the package uses.
 */
function virtualPath(root: string, block: ExampleBlock): string {
  const extension = block.language === "tsx" ? "tsx" : "ts";
  return join(root, `${block.file}.example-${block.line}.${extension}`).split("\\").join("/");
}

function describeDiagnostic(diagnostic: ts.Diagnostic, block: ExampleBlock): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n  ");
  const offset =
    diagnostic.file && diagnostic.start !== undefined
      ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
      : 0;
  return `${block.file}:${block.line + offset}: TS${diagnostic.code} ${message}`;
}

/**
 * Compiles every block as its own module in one program (one program over all blocks shares the
 * work of checking the sources they import) and reports, per block, the diagnostics that are not
 * merely a fragment's missing context.
 *
 * @param root The repository root, holding tsconfig.json.
 * @param blocks The examples to check.
 * @example
 * ```ts
 * const results = typeCheckExamples(root, repositoryExamples(root))
 * const broken = results.filter((result) => result.problems.length > 0)
 * ```
 */
export function typeCheckExamples(root: string, blocks: readonly ExampleBlock[]): ExampleResult[] {
  const options = compilerOptions(root);
  const virtual = new Map(blocks.map((block) => [virtualPath(root, block), block]));
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const block = virtual.get(fileName);
    return block
      ? ts.createSourceFile(fileName, block.code, languageVersion, true)
      : getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate);
  };
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => virtual.get(fileName)?.code ?? readFile.call(host, fileName);

  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host });
  return [...virtual].map(([fileName, block]) => {
    const sourceFile = program.getSourceFile(fileName);
    if (!sourceFile)
      return { block, problems: [`${block.file}:${block.line}: the compiler did not load it`] };
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ];
    const problems = diagnostics
      .filter((diagnostic) => !isFragmentContext(diagnostic))
      .map((diagnostic) => describeDiagnostic(diagnostic, block));
    return { block, problems };
  });
}
