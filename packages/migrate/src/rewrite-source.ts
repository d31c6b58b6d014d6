/**
 * Rewrites the Auth.js module specifiers of one JavaScript or TypeScript source on its syntax
 * tree (ts-morph): static and dynamic imports, re-exports, `require()`, `import("...")` and
 * `typeof import("...")` types, `declare module "..."` augmentations and the module names of test
 * mocks (`vi.mock("next-auth")`, `jest.requireActual("next-auth")`); and `import("...")` types in
 * JSDoc comments, as JavaScript files write their types. Strings that merely look like module
 * names are left alone.
 */
import {
  type ExportDeclaration,
  type ExportSpecifier,
  type ImportDeclaration,
  type ImportSpecifier,
  type ImportTypeNode,
  Node,
  type NoSubstitutionTemplateLiteral,
  Project,
  type SourceFile,
  type StringLiteral,
  ts,
} from "ts-morph";
import { missingExport, missingExportsOf, rewriteSpecifier } from "./specifiers";
import { type WrappedProvider, wrapPlainProviders } from "./wrap-providers";

export type { WrappedProvider };

/**
 * What the codemod leaves for a person, with where it is and why: a specifier it could not
 * rewrite, or a provider object it did not wrap (then `specifier` is the module of the function
 * to build it with).
 */
export interface ManualStep {
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

/** The outcome of rewriting one source. */
export interface SourceRewrite {
  text: string;
  changed: boolean;
  /** What is left for a person. */
  manual: ManualStep[];
  /** The provider objects wrapped in `OAuth()` or `Email()`: done, listed so a person can look. */
  wrapped: WrappedProvider[];
}

// One in-memory project for every file: parsing needs no file system, no tsconfig, no type check.
const project = new Project({
  useInMemoryFileSystem: true,
  compilerOptions: { allowJs: true, jsx: ts.JsxEmit.Preserve },
});

/**
 * Rewrites one source text.
 *
 * @param text The file's contents.
 * @param fileName Its name; the extension picks the parser (`.tsx`/`.jsx` allow JSX).
 * @returns The new text, whether it changed, what was left for a person, and the provider
 * objects wrapped.
 * @example
 * ```ts
 * rewriteSource('import NextAuth from "next-auth"', "auth.ts").text // 'import NextAuth from "@portcullis/next"'
 * ```
 */
export function rewriteSource(text: string, fileName: string): SourceRewrite {
  const path = `/${fileName.replace(/^\/+/, "")}`;
  let file = project.createSourceFile(path, text, { overwrite: true });
  try {
    const manual: ManualStep[] = [];
    let changed = splitMissingExports(file);
    // Before the rename, so that the lines the loop below reports count the imports added.
    const providers = wrapPlainProviders(file, usesAuth(file));
    if (providers.text !== undefined) {
      file = project.createSourceFile(path, providers.text, { overwrite: true });
      changed = true;
    }
    for (const literal of specifierLiterals(file)) {
      const specifier = literal.getLiteralValue();
      const rewrite = rewriteSpecifier(specifier);
      const parent = literal.getParent();
      const missing = rewrite?.kind === "rename" ? missingNames(parent, specifier) : [];
      if (missing.length > 0) {
        // Left on the old module (the split below put the other names on a line of their own).
        for (const name of missing)
          manual.push({
            file: fileName,
            line: literal.getStartLineNumber(),
            specifier,
            reason: missingExport(specifier, name)!,
          });
      } else if (rewrite?.kind === "rename") {
        // Code that takes the whole module may use an export the new one lacks: it is renamed
        // (the rest works), and each such export listed, as nothing here shows whether it is used.
        const whole = wholeModuleUse(parent);
        if (whole)
          for (const [name, reason] of missingExportsOf(specifier))
            manual.push({
              file: fileName,
              line: literal.getStartLineNumber(),
              specifier,
              reason: `${whole} now takes ${rewrite.to}; where the code uses ${name} through it: ${reason}`,
            });
        literal.setLiteralValue(rewrite.to);
        changed = true;
      } else if (rewrite?.kind === "manual") {
        manual.push({
          file: fileName,
          line: literal.getStartLineNumber(),
          specifier,
          reason: rewrite.reason,
        });
      }
    }
    for (const note of providers.left) manual.push({ file: fileName, ...note });
    const wrapped = providers.wrapped.map((provider) => ({ file: fileName, ...provider }));
    const rewritten = rewriteJsDocTypes(changed ? file.getFullText() : text, fileName, manual);
    return { text: rewritten.text, changed: changed || rewritten.changed, manual, wrapped };
  } finally {
    project.removeSourceFile(file);
  }
}

/**
 * Whether a source uses Auth.js or Portcullis: imports (or requires, or augments) one of their
 * modules, or names one in a JSDoc `import("...")` type. Only the provider objects of such a file
 * are wrapped (a Portcullis app's too: one migrated before the codemod wrapped providers, or
 * written by hand); those of other files are listed.
 */
function usesAuth(file: SourceFile): boolean {
  const isAuth = (specifier: string) =>
    specifier.startsWith("@portcullis/") || rewriteSpecifier(specifier) !== undefined;
  // A test's mock of an Auth.js module (`vi.mock("next-auth")`) is renamed, but does not count:
  // the file it is in is the app's test, not code that configures Auth.js.
  if (specifierLiterals(file, false).some((literal) => isAuth(literal.getLiteralValue()))) return true;
  const text = file.getFullText();
  if (!text.includes("/**") || !text.includes("import(")) return false;
  return jsDocRanges(file).some(([start, end]) =>
    [...text.slice(start, end).matchAll(IMPORT_TYPE)].some((match) => isAuth(match[2]!)),
  );
}

/**
 * How a module specifier's parent takes the whole module (`import * as ns`, `export *`,
 * `import()`, `require()`, `import x = require()`, `typeof import()`, a test's mock or its
 * `vi.importActual()`), or `undefined` when it names what it takes (or takes nothing, as
 * `import "..."`, `require.resolve` and `vi.unmock` do).
 */
function wholeModuleUse(parent: Node | undefined): string | undefined {
  if (Node.isImportDeclaration(parent)) {
    const namespace = parent.getNamespaceImport();
    return namespace ? `the namespace import (import * as ${namespace.getText()})` : undefined;
  }
  if (Node.isExportDeclaration(parent)) {
    if (!parent.isNamespaceExport()) return undefined;
    const namespace = parent.getNamespaceExport();
    return namespace ? `the re-export (export * as ${namespace.getName()})` : "the re-export (export *)";
  }
  if (Node.isExternalModuleReference(parent)) return "the import (import = require())";
  if (Node.isCallExpression(parent)) {
    const callee = parent.getExpression().getText();
    if (callee === "import") return "the dynamic import (import())";
    if (callee === "require") return "the require()";
    const mock = mockCall(parent);
    if (mock && !MOCKS_TAKING_NOTHING.has(mock)) return `the ${mock}()`;
  }
  const importType = importTypeOf(parent);
  if (
    importType?.compilerNode.isTypeOf &&
    !importType.getQualifier() &&
    indexedName(importType) === undefined
  )
    return "the type (typeof import())";
  return undefined;
}

/**
 * The exports a specifier's parent names that the renamed module lacks: the named imports or
 * re-exports of a declaration, or the export an `import("...")` type names (`import("m").Name`,
 * `typeof import("m")["name"]`).
 */
function missingNames(parent: Node | undefined, specifier: string): string[] {
  if (Node.isImportDeclaration(parent) || Node.isExportDeclaration(parent))
    return missingElements(parent, specifier).map((element) => element.getName());
  const importType = importTypeOf(parent);
  if (!importType) return [];
  const qualifier = importType.getQualifier();
  let name = indexedName(importType);
  if (qualifier) {
    let first: Node = qualifier;
    while (Node.isQualifiedName(first)) first = first.getLeft();
    name = first.getText();
  }
  return name !== undefined && missingExport(specifier, name) !== undefined ? [name] : [];
}

/** The `import("...")` type whose argument a specifier's parent (a literal type) is. */
function importTypeOf(parent: Node | undefined): ImportTypeNode | undefined {
  const type = Node.isLiteralTypeNode(parent) ? parent.getParent() : undefined;
  return Node.isImportTypeNode(type) ? type : undefined;
}

/** The export an indexed access names on an unqualified import type: `"name"` in `typeof import("m")["name"]`. */
function indexedName(importType: ImportTypeNode): string | undefined {
  let object: Node = importType;
  let parent = object.getParent();
  while (Node.isParenthesizedTypeNode(parent)) {
    object = parent;
    parent = parent.getParent();
  }
  if (!Node.isIndexedAccessTypeNode(parent) || parent.getObjectTypeNode() !== object) return undefined;
  const index = parent.getIndexTypeNode();
  if (!Node.isLiteralTypeNode(index)) return undefined;
  const literal = index.getLiteral();
  return Node.isStringLiteral(literal) || Node.isNoSubstitutionTemplateLiteral(literal)
    ? literal.getLiteralValue()
    : undefined;
}

/** The named imports or re-exports of a declaration that the renamed module does not export. */
function missingElements(
  declaration: ImportDeclaration | ExportDeclaration,
  specifier: string,
): Array<ImportSpecifier | ExportSpecifier> {
  const elements: Array<ImportSpecifier | ExportSpecifier> = Node.isImportDeclaration(declaration)
    ? declaration.getNamedImports()
    : declaration.getNamedExports();
  return elements.filter((element) => missingExport(specifier, element.getName()) !== undefined);
}

/**
 * Splits each top-level import or re-export that names both exports the Portcullis module has
 * and exports it lacks (`import { signIn, useOauthPopupLogin } from "@hono/auth-js/react"`): the
 * lacking ones move to a declaration of their own on the next line, left on the old module and
 * listed, so the others can still be renamed.
 *
 * @returns Whether the file changed.
 */
function splitMissingExports(file: SourceFile): boolean {
  let changed = false;
  for (const declaration of [...file.getImportDeclarations(), ...file.getExportDeclarations()]) {
    const specifier = declaration.getModuleSpecifierValue();
    const moduleSpecifier = declaration.getModuleSpecifier();
    if (specifier === undefined || !moduleSpecifier) continue;
    const missing = missingElements(declaration, specifier);
    if (missing.length === 0) continue;
    const isImport = Node.isImportDeclaration(declaration);
    const all = isImport ? declaration.getNamedImports() : declaration.getNamedExports();
    const othersStay = isImport && (declaration.getDefaultImport() || declaration.getNamespaceImport());
    if (missing.length === all.length && !othersStay) continue;
    const keyword = `${isImport ? "import" : "export"}${declaration.isTypeOnly() ? " type" : ""}`;
    const names = missing.map((element) => element.getText()).join(", ");
    const semicolon = declaration.getText().endsWith(";") ? ";" : "";
    const split = `${keyword} { ${names} } from ${moduleSpecifier.getText()}${semicolon}`;
    const index = declaration.getChildIndex();
    for (const element of missing) element.remove();
    file.insertStatements(index + 1, split);
    changed = true;
  }
  return changed;
}

/**
 * The string literals of a file that name a module, in the order they are written; with `mocks`,
 * also the module names of test mocks (`vi.mock("next-auth")`), as a string or a template literal
 * without substitutions.
 */
function specifierLiterals(
  file: SourceFile,
  mocks = true,
): Array<StringLiteral | NoSubstitutionTemplateLiteral> {
  const found: Array<StringLiteral | NoSubstitutionTemplateLiteral> = [];
  file.forEachDescendant((node) => {
    const parent = node.getParent();
    const firstArgument = Node.isCallExpression(parent) && parent.getArguments()[0] === node;
    if (Node.isNoSubstitutionTemplateLiteral(node)) {
      if (mocks && firstArgument && mockCall(parent)) found.push(node);
      return;
    }
    if (!Node.isStringLiteral(node)) return;
    const isSpecifier =
      Node.isImportDeclaration(parent) ||
      Node.isExportDeclaration(parent) ||
      Node.isModuleDeclaration(parent) ||
      Node.isExternalModuleReference(parent) ||
      (Node.isLiteralTypeNode(parent) && Node.isImportTypeNode(parent.getParent())) ||
      (firstArgument &&
        (isModuleCall(parent.getExpression().getText()) || (mocks && mockCall(parent) !== undefined)));
    if (isSpecifier) found.push(node);
  });
  return found;
}

function isModuleCall(callee: string): boolean {
  return callee === "require" || callee === "import" || callee === "require.resolve";
}

/**
 * The functions of Vitest's `vi` and Jest's `jest` whose first argument names a module: a test
 * that mocks the module its code imports must name the renamed module, or the mock no longer
 * applies.
 */
const MOCK_FUNCTIONS: Record<string, ReadonlySet<string>> = {
  vi: new Set(["mock", "doMock", "unmock", "doUnmock", "importActual", "importMock"]),
  jest: new Set([
    "mock",
    "doMock",
    "unmock",
    "dontMock",
    "setMock",
    "requireActual",
    "requireMock",
    "createMockFromModule",
    "genMockFromModule",
    "unstable_mockModule",
  ]),
};

/** The mock functions that take nothing of the module (they undo a mock). */
const MOCKS_TAKING_NOTHING = new Set(["vi.unmock", "vi.doUnmock", "jest.unmock", "jest.dontMock"]);

/** The mock function a call calls (`vi.mock`), or `undefined` when it calls none. */
function mockCall(call: Node): string | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const object = callee.getExpression();
  if (!Node.isIdentifier(object)) return undefined;
  const [owner, name] = [object.getText(), callee.getName()];
  return Object.hasOwn(MOCK_FUNCTIONS, owner) && MOCK_FUNCTIONS[owner]!.has(name)
    ? `${owner}.${name}`
    : undefined;
}

/** An `import("...")` type in a JSDoc comment. */
const IMPORT_TYPE = /\bimport\(\s*(["'])([^"'\n]+)\1\s*\)/g;

/** Where the JSDoc comments TypeScript reads are: those attached to the file's nodes. */
function jsDocRanges(file: SourceFile): [number, number][] {
  const ranges: [number, number][] = [];
  file.forEachDescendant((node) => {
    if (Node.isJSDocable(node)) for (const doc of node.getJsDocs()) ranges.push([doc.getPos(), doc.getEnd()]);
  });
  return ranges;
}

/**
 * Rewrites the `import("...")` types of a source's JSDoc comments (`@type
 * {import("@auth/express").ExpressAuthConfig}` in a `.js` file). TypeScript reads them for a
 * `checkJs` project, but the syntax tree walked above does not hold comments; the comments are
 * found as TypeScript attaches them, so a string that merely holds `/**` is no comment.
 */
function rewriteJsDocTypes(
  text: string,
  fileName: string,
  manual: ManualStep[],
): { text: string; changed: boolean } {
  if (!text.includes("/**") || !text.includes("import(")) return { text, changed: false };
  const file = project.createSourceFile(`/${fileName.replace(/^\/+/, "")}`, text, { overwrite: true });
  let ranges: [number, number][];
  try {
    ranges = jsDocRanges(file);
  } finally {
    project.removeSourceFile(file);
  }
  let changed = false;
  let rewritten = "";
  let done = 0;
  for (const [start, end] of ranges.sort(([a], [b]) => a - b)) {
    if (start < done) continue;
    const comment = text
      .slice(start, end)
      .replace(IMPORT_TYPE, (whole: string, quote: string, specifier: string, at: number) => {
        const rewrite = rewriteSpecifier(specifier);
        if (rewrite?.kind === "rename") {
          changed = true;
          return `import(${quote}${rewrite.to}${quote})`;
        }
        if (rewrite?.kind === "manual") {
          const line = text.slice(0, start + at).split("\n").length;
          manual.push({ file: fileName, line, specifier, reason: rewrite.reason });
        }
        return whole;
      });
    rewritten += text.slice(done, start) + comment;
    done = end;
  }
  return { text: rewritten + text.slice(done), changed };
}
