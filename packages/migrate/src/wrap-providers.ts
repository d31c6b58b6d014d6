/**
 * Providers written by hand as plain objects, as Auth.js documents custom providers
 * (`{ id: "corp", type: "oidc", issuer, clientId, clientSecret }`): Portcullis's `Auth` does not
 * hold the OAuth and email sign-in methods itself, a provider brings its own, and a plain object
 * brings none, so the configuration check refuses it. The codemod wraps each such object in the
 * function that brings the method (`OAuth({...})`, `Email({...})`) and imports that function.
 */
import {
  type Node as AnyNode,
  type ExpressionStatement,
  Node,
  type ObjectLiteralExpression,
  type SourceFile,
  ts,
} from "ts-morph";
import { rewriteSpecifier } from "./specifiers";

/** The function a provider object is wrapped in, by the `type` it has. */
interface Wrapper {
  /** The name the function is imported as, unless the file uses that name already. */
  name: string;
  /** The module whose default export it is. */
  module: string;
  /**
   * Keys that only a provider of this type has. One of them besides `id`, `name` and `type` tells
   * a provider from other objects with the same `type`, such as an Account row
   * (`{ type: "oauth", provider, providerAccountId, access_token }`).
   */
  keys: ReadonlySet<string>;
}

const OAUTH: Wrapper = {
  name: "OAuth",
  module: "@portcullis/core/providers/oauth",
  keys: new Set([
    "issuer",
    "wellKnown",
    "authorization",
    "token",
    "userinfo",
    "clientId",
    "clientSecret",
    "profile",
    "checks",
    "client",
    "style",
    "options",
  ]),
};

const EMAIL: Wrapper = {
  name: "Email",
  module: "@portcullis/core/providers/email",
  keys: new Set([
    "sendVerificationRequest",
    "server",
    "from",
    "maxAge",
    "generateVerificationToken",
    "normalizeIdentifier",
    "options",
  ]),
};

const WRAPPERS = new Map<string, Wrapper>([
  ["oauth", OAUTH],
  ["oidc", OAUTH],
  ["email", EMAIL],
]);

/** What wrapping a file's provider objects did. */
export interface ProviderWrapping {
  /** The file's new text, or `undefined` when it stays as it is. */
  text: string | undefined;
  /** One note per provider object, for the report: wrapped, or to wrap by hand. */
  notes: Array<{ line: number; specifier: string; reason: string }>;
}

/** A provider object found, with the function it needs. */
interface PlainProvider {
  literal: ObjectLiteralExpression;
  wrapper: Wrapper;
  /** How the report names it: its `id`, else its `name`, as written. */
  label: string | undefined;
}

/**
 * Wraps the provider objects of an Auth.js source in `OAuth()` or `Email()`, adding the default
 * import of each function used once. The object's text is kept as it was. An object that is
 * already a call's argument (`OAuth({...})`, `GitHub({...})`) is left alone, so a second run
 * changes nothing. A file that is not an ES module (CommonJS) is not changed: its providers are
 * listed for a person instead.
 *
 * @param file The source, on the codemod's syntax tree (left as it is).
 * @returns The new text (as text, not as ts-morph's manipulations, which re-indent what they
 * insert and rewrite line ends: the objects' text stays byte for byte), and a note per provider
 * object with its line in the new text.
 * @example
 * ```ts
 * // providers: [{ id: "corp", type: "oidc", issuer: "https://sso.corp", clientId, clientSecret }]
 * // becomes
 * // import OAuth from "@portcullis/core/providers/oauth";
 * // providers: [OAuth({ id: "corp", type: "oidc", issuer: "https://sso.corp", clientId, clientSecret })]
 * wrapPlainProviders(file).notes[0]?.reason // 'the provider object "corp" is now wrapped in OAuth() (...)'
 * ```
 */
export function wrapPlainProviders(file: SourceFile): ProviderWrapping {
  const found = plainProviders(file);
  if (found.length === 0) return { text: undefined, notes: [] };
  if (!ts.isExternalModule(file.compilerNode)) return { text: undefined, notes: found.map(leftNote) };
  const names = bindings(file, new Set(found.map((provider) => provider.wrapper)));
  const wraps = found.map((provider) => wrapEdit(provider.literal, names.get(provider.wrapper)!.name));
  const imports = [...names].filter(([, binding]) => !binding.imported);
  const edits = imports.length > 0 ? [...wraps, importEdit(file, imports)] : wraps;
  const { text, starts } = applyEdits(file.getFullText(), edits);
  const notes = found.map((provider, index) => ({
    line: text.slice(0, starts.get(wraps[index]!)).split("\n").length,
    specifier: provider.wrapper.module,
    reason: `${labelOf(provider)} is now wrapped in ${names.get(provider.wrapper)!.name}() (a provider written as a plain object brings no sign-in method)`,
  }));
  return { text, notes };
}

/** A replacement of the text from `start` to `end`; an insertion where they are equal. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies edits that do not overlap.
 *
 * @returns The new text, and where each edit's text starts in it.
 */
function applyEdits(text: string, edits: Edit[]): { text: string; starts: Map<Edit, number> } {
  let result = "";
  let done = 0;
  const starts = new Map<Edit, number>();
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    result += text.slice(done, edit.start);
    starts.set(edit, result.length);
    result += edit.text;
    done = edit.end;
  }
  return { text: result + text.slice(done), starts };
}

/** The provider objects of a file, outermost first: a provider's own options hold none. */
function plainProviders(file: SourceFile): PlainProvider[] {
  const found: PlainProvider[] = [];
  file.forEachDescendant((node, traversal) => {
    if (!Node.isObjectLiteralExpression(node)) return;
    const wrapper = wrapperOf(node);
    if (!wrapper || isCallArgument(outermost(node))) return;
    found.push({ literal: node, wrapper, label: stringProperty(node, "id") ?? stringProperty(node, "name") });
    traversal.skip();
  });
  return found;
}

/**
 * The wrapper an object literal needs: its `type` is a string literal naming one, and it has a
 * key only such a provider has.
 */
function wrapperOf(literal: ObjectLiteralExpression): Wrapper | undefined {
  const type = stringProperty(literal, "type");
  const wrapper = type === undefined ? undefined : WRAPPERS.get(type);
  if (!wrapper) return undefined;
  return keysOf(literal).some((key) => wrapper.keys.has(key)) ? wrapper : undefined;
}

/** The names of an object literal's properties and methods, spreads and computed names aside. */
function keysOf(literal: ObjectLiteralExpression): string[] {
  return literal.getProperties().flatMap((property) => {
    if (Node.isSpreadAssignment(property)) return [];
    const name = nameOf(property.getNameNode());
    return name === undefined ? [] : [name];
  });
}

function nameOf(node: AnyNode): string | undefined {
  if (Node.isIdentifier(node)) return node.getText();
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralValue();
  return undefined;
}

/**
 * The value of a property written as a string literal (`type: "oidc"`, also `"oidc" as const`),
 * or `undefined` when it is missing or computed.
 */
function stringProperty(literal: ObjectLiteralExpression, key: string): string | undefined {
  for (const property of literal.getProperties()) {
    if (!Node.isPropertyAssignment(property) || nameOf(property.getNameNode()) !== key) continue;
    let value = property.getInitializer();
    while (isWrapping(value)) value = value.getExpression();
    return Node.isStringLiteral(value) ? value.getLiteralValue() : undefined;
  }
  return undefined;
}

/** Parentheses and type casts: around an expression without changing its value. */
function isWrapping(node: AnyNode | undefined) {
  return (
    Node.isParenthesizedExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isTypeAssertion(node)
  );
}

/** The literal with the parentheses and casts around it: what the call goes around. */
function outermost(literal: ObjectLiteralExpression): AnyNode {
  let node: AnyNode = literal;
  for (let parent = node.getParent(); isWrapping(parent); parent = node.getParent()) node = parent!;
  return node;
}

function isCallArgument(node: AnyNode): boolean {
  const parent = node.getParent();
  return (
    (Node.isCallExpression(parent) || Node.isNewExpression(parent)) && parent.getArguments().includes(node)
  );
}

/**
 * The edit that puts the call around a literal (and the casts on it, which then type the
 * argument). Parentheses that only made a literal an arrow function's body, `() => ({...})`, are
 * not needed around a call and go. Where the code declares the object an `OIDCConfig` (a
 * variable's type or a function's return type), the call is cast back to it: `OAuth()` answers
 * the wider `OAuthConfig`.
 */
function wrapEdit(literal: ObjectLiteralExpression, name: string): Edit {
  const outer = outermost(literal);
  const text = outer.getText();
  const argument = Node.isParenthesizedExpression(outer) ? text.slice(1, -1).trim() : text;
  const declared = declaredType(outer);
  const cast = declared && isOidcConfig(declared) ? ` as ${declared.getText()}` : "";
  return { start: outer.getStart(), end: outer.getEnd(), text: `${name}(${argument})${cast}` };
}

/** The type the code declares for an expression: of the variable it initialises, or the function it returns from. */
function declaredType(expression: AnyNode): AnyNode | undefined {
  const parent = expression.getParent();
  if (Node.isVariableDeclaration(parent)) return parent.getTypeNode();
  if (Node.isArrowFunction(parent) && parent.getBody() === expression) return parent.getReturnTypeNode();
  if (Node.isReturnStatement(parent)) return parent.getFirstAncestor(Node.isReturnTyped)?.getReturnTypeNode();
  return undefined;
}

function isOidcConfig(type: AnyNode): boolean {
  return Node.isTypeReference(type) && type.getTypeName().getText().split(".").pop() === "OIDCConfig";
}

/**
 * The name each wrapper is used under: that of the file's default import of its module, which
 * a renamed import may already be (`import Email from "next-auth/providers/email"`); else its own
 * name, or `OAuthProvider`, `OAuthProvider2`... when the file uses that name for something else.
 */
function bindings(
  file: SourceFile,
  wrappers: Set<Wrapper>,
): Map<Wrapper, { name: string; imported: boolean }> {
  const taken = new Set(file.getDescendantsOfKind(ts.SyntaxKind.Identifier).map((node) => node.getText()));
  const names = new Map<Wrapper, { name: string; imported: boolean }>();
  for (const wrapper of wrappers) {
    const existing = defaultImportOf(file, wrapper.module);
    if (existing) {
      names.set(wrapper, { name: existing, imported: true });
      continue;
    }
    let name = wrapper.name;
    for (let n = 1; taken.has(name); n++) name = `${wrapper.name}Provider${n === 1 ? "" : n}`;
    taken.add(name);
    names.set(wrapper, { name, imported: false });
  }
  return names;
}

/** The local name of a file's value import of a module's default export, as written or as renamed. */
function defaultImportOf(file: SourceFile, module: string): string | undefined {
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.isTypeOnly()) continue;
    const specifier = declaration.getModuleSpecifierValue();
    const rewrite = rewriteSpecifier(specifier);
    const target = rewrite?.kind === "rename" ? rewrite.to : specifier;
    const local = declaration.getDefaultImport()?.getText();
    if (target === module && local) return local;
  }
  return undefined;
}

/**
 * The edit that adds `import name from "module"` for each wrapper after the file's last import,
 * in its quotes and with or without its semicolon; in a file without imports, after the
 * directives (`"use server"`), which must stay first, or else at the top.
 */
function importEdit(file: SourceFile, imports: Array<[Wrapper, { name: string }]>): Edit {
  const text = file.getFullText();
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const last = file.getImportDeclarations().at(-1);
  const directive = lastDirective(file);
  const after = last ?? directive;
  const quote = (last?.getModuleSpecifier() ?? directive?.getExpression())?.getText()[0] ?? '"';
  const semicolon = after && !after.getText().endsWith(";") ? "" : ";";
  const lines = imports.map(
    ([wrapper, { name }]) => `import ${name} from ${quote}${wrapper.module}${quote}${semicolon}`,
  );
  if (!after) return { start: 0, end: 0, text: lines.map((line) => line + eol).join("") };
  // Indented as the line it follows (a Svelte component's script block is indented).
  const indent = /[ \t]*$/.exec(text.slice(0, after.getStart()))![0];
  const inserted = lines.map((line) => eol + indent + line).join("");
  return { start: after.getEnd(), end: after.getEnd(), text: inserted };
}

/** The last of the directives (`"use client"`) that open a file. */
function lastDirective(file: SourceFile): ExpressionStatement | undefined {
  let last: ExpressionStatement | undefined;
  for (const statement of file.getStatements()) {
    if (!Node.isExpressionStatement(statement) || !Node.isStringLiteral(statement.getExpression())) break;
    last = statement;
  }
  return last;
}

function labelOf(provider: PlainProvider): string {
  return `the provider object${provider.label === undefined ? "" : ` ${JSON.stringify(provider.label)}`}`;
}

/** The note for a provider object left as it was, in a file the codemod cannot add an import to. */
function leftNote(provider: PlainProvider): ProviderWrapping["notes"][number] {
  const { name, module } = provider.wrapper;
  return {
    line: provider.literal.getStartLineNumber(),
    specifier: module,
    reason: `${labelOf(provider)} brings no sign-in method as a plain object: wrap it in ${name}(), the default export of ${module} (not done here: the file is not an ES module)`,
  };
}
