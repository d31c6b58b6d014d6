/**
 * Providers written by hand as plain objects, as Auth.js documents custom providers
 * (`{ id: "corp", type: "oidc", issuer, clientId, clientSecret }`): Portcullis's `Auth` does not
 * hold the OAuth and email sign-in methods itself, a provider brings its own, and a plain object
 * brings none, so the configuration check refuses it. The codemod wraps each such object in the
 * function that brings the method (`OAuth({...})`, `Email({...})`) and imports that function,
 * and lists those it does not wrap (OAuth 1.0a ones, objects it is not sure of, objects of files
 * it does not change) with the function to build them with.
 */
import {
  type Node as AnyNode,
  type ExpressionStatement,
  Node,
  type ObjectLiteralExpression,
  type ReturnTypedNode,
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
   * Keys that only a provider of this type has: an object with one of them (and a place or a key
   * that makes it a provider, see {@link hasProviderContext}) is wrapped.
   */
  strong: ReadonlySet<string>;
  /**
   * Keys a provider has but other objects too (a mail payload has `from`, a button has `style`):
   * an object with only these is not wrapped, only listed in a file that uses Auth.js or Portcullis.
   */
  weak: ReadonlySet<string>;
}

const OAUTH: Wrapper = {
  name: "OAuth",
  module: "@portcullis/core/providers/oauth",
  strong: new Set(["issuer", "wellKnown", "authorization", "token", "userinfo", "clientId"]),
  weak: new Set(["clientSecret", "profile", "checks", "client", "style", "options"]),
};

const EMAIL: Wrapper = {
  name: "Email",
  module: "@portcullis/core/providers/email",
  strong: new Set(["sendVerificationRequest", "server", "generateVerificationToken"]),
  weak: new Set(["from", "maxAge", "normalizeIdentifier", "options"]),
};

const WRAPPERS = new Map<string, Wrapper>([
  ["oauth", OAUTH],
  ["oidc", OAUTH],
  ["email", EMAIL],
]);

/** The only OAuth 1.0a provider: `OAuth()` runs OAuth 2, so a 1.0a object is built with it instead. */
const TWITTER_MODULE = "@portcullis/core/providers/twitter";

/** Types that declare an object a provider (`const corp: OIDCConfig<P> = {...}`, `providers: Provider[]`). */
const PROVIDER_TYPE = /\b(?:OAuthConfig|OIDCConfig|OAuth2Config|EmailConfig|Provider)\b/;

/** A provider object the codemod wrapped in `OAuth()` or `Email()`, with where it is now. */
export interface WrappedProvider {
  /** The file, as the codemod was given it. */
  file: string;
  /** Its line in the new text. */
  line: number;
  /** Its `id`, else its `name`, when written as a string literal. */
  provider?: string;
  /** The function it is wrapped in, as the file names it (`OAuth`, or `OAuthProvider` where `OAuth` is taken). */
  wrapper: string;
  /** The module whose default export that function is. */
  module: string;
}

/** What wrapping a file's provider objects did. */
export interface ProviderWrapping {
  /** The file's new text, or `undefined` when it stays as it is. */
  text: string | undefined;
  /** The provider objects wrapped. */
  wrapped: Array<Omit<WrappedProvider, "file">>;
  /** The provider objects left as they were, for a person: where, the module to use, and why. */
  left: Array<{ line: number; specifier: string; reason: string }>;
}

/**
 * How sure the codemod is that an object is a provider: it has a key only a provider has
 * (`wrap`), or only keys other objects have too (`unsure`); or it is an OAuth 1.0a provider,
 * which `OAuth()` would give the OAuth 2 flow (`oauth1`).
 */
type Kind = "wrap" | "unsure" | "oauth1";

/** A provider object found, with the function it needs. */
interface PlainProvider {
  literal: ObjectLiteralExpression;
  wrapper: Wrapper;
  kind: Kind;
  /** How the report names it: its `id`, else its `name`, as written. */
  label: string | undefined;
}

/**
 * Wraps the provider objects of a source in `OAuth()` or `Email()`, adding the default import of
 * each function used once. The object's text is kept as it was. An object that is already a
 * call's argument (`OAuth({...})`, `GitHub({...})`) is left alone, so a second run changes
 * nothing. Only the objects of an ES module that uses Auth.js or Portcullis are wrapped; those of
 * a CommonJS file or of a file that uses neither are listed for a person instead, as are OAuth
 * 1.0a providers (which `OAuth()` would run as OAuth 2) and objects that may be providers.
 *
 * @param file The source, on the codemod's syntax tree (left as it is).
 * @param usesAuth Whether the file uses Auth.js or Portcullis (imports, requires or augments one
 * of their modules, or names one in a JSDoc type).
 * @returns The new text (as text, not as ts-morph's manipulations, which re-indent what they
 * insert and rewrite line ends: the objects' text stays byte for byte), each object wrapped with
 * its line in the new text, and each object left for a person.
 * @example
 * ```ts
 * // providers: [{ id: "corp", type: "oidc", issuer: "https://sso.corp", clientId, clientSecret }]
 * // becomes
 * // import OAuth from "@portcullis/core/providers/oauth";
 * // providers: [OAuth({ id: "corp", type: "oidc", issuer: "https://sso.corp", clientId, clientSecret })]
 * wrapPlainProviders(file, true).wrapped[0] // { line: 3, provider: "corp", wrapper: "OAuth", module: "@portcullis/core/providers/oauth" }
 * ```
 */
export function wrapPlainProviders(file: SourceFile, usesAuth: boolean): ProviderWrapping {
  const found = plainProviders(file, usesAuth);
  const esm = ts.isExternalModule(file.compilerNode);
  const toWrap = usesAuth && esm ? found.filter((provider) => provider.kind === "wrap") : [];
  const left = found
    .filter((provider) => !toWrap.includes(provider))
    .map((provider) => leftNote(provider, usesAuth));
  if (toWrap.length === 0) return { text: undefined, wrapped: [], left };
  const names = bindings(file, new Set(toWrap.map((provider) => provider.wrapper)));
  const wraps = toWrap.map((provider) => wrapEdit(provider.literal, names.get(provider.wrapper)!.name));
  const imports = [...names].filter(([, binding]) => !binding.imported);
  const added = imports.length > 0 ? importEdit(file, imports) : undefined;
  const { text, starts } = applyEdits(file.getFullText(), added ? [...wraps, added] : wraps);
  const lineOf = (offset: number) => text.slice(0, offset).split("\n").length;
  const wrapped = toWrap.map((provider, index) => ({
    line: lineOf(starts.get(wraps[index]!)!),
    ...(provider.label === undefined ? {} : { provider: provider.label }),
    wrapper: names.get(provider.wrapper)!.name,
    module: provider.wrapper.module,
  }));
  if (added) {
    // The objects left below the imports added move down by as many lines (the wraps add none).
    const importsEnd = file.getFullText().slice(0, added.start).split("\n").length;
    const start = added.start === 0 ? 0 : importsEnd;
    for (const note of left) if (note.line > start) note.line += imports.length;
  }
  return { text, wrapped, left };
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

/**
 * The provider objects of a file, outermost first: a provider's own options hold none. In a file
 * that uses neither Auth.js nor Portcullis, only those with a key only a provider has.
 */
function plainProviders(file: SourceFile, usesAuth: boolean): PlainProvider[] {
  const found: PlainProvider[] = [];
  file.forEachDescendant((node, traversal) => {
    if (!Node.isObjectLiteralExpression(node)) return;
    const provider = providerOf(node);
    if (!provider || (provider.kind === "unsure" && !usesAuth)) return;
    found.push(provider);
    traversal.skip();
  });
  return found;
}

/**
 * The provider an object literal is, if any. It is one when:
 * - its `type` is a string literal naming a wrapper (`"oauth"`, `"oidc"`, `"email"`; so not
 *   `"credentials"` or `"webauthn"`),
 * - it has a key of that wrapper's, and no `providerAccountId` (which an Account row has,
 *   `{ type: "oauth", provider, providerAccountId, access_token }`),
 * - it is not a call's argument already (`OAuth({...})`, `GitHub({...})`),
 * - it has an `id` or a `name`, or its place makes it a provider (see {@link hasProviderContext}).
 *
 * It is to be wrapped (`wrap`) when one of its keys is a strong one (`issuer`, `clientId`,
 * `sendVerificationRequest`...), `unsure` when they are all weak ones (`options`, `from`...);
 * `oauth1` when its `version` is `"1.0A"` (or another `"1.x"`), whatever its keys.
 */
function providerOf(literal: ObjectLiteralExpression): PlainProvider | undefined {
  const type = stringProperty(literal, "type");
  const wrapper = type === undefined ? undefined : WRAPPERS.get(type);
  if (!wrapper) return undefined;
  const keys = keysOf(literal);
  if (keys.includes("providerAccountId")) return undefined;
  const strong = keys.some((key) => wrapper.strong.has(key));
  if (!strong && !keys.some((key) => wrapper.weak.has(key))) return undefined;
  const outer = outermost(literal);
  if (isCallArgument(outer)) return undefined;
  if (!keys.includes("id") && !keys.includes("name") && !hasProviderContext(literal)) return undefined;
  const version = wrapper === OAUTH ? stringProperty(literal, "version") : undefined;
  const kind: Kind = version?.startsWith("1.") ? "oauth1" : strong ? "wrap" : "unsure";
  return { literal, wrapper, kind, label: stringProperty(literal, "id") ?? stringProperty(literal, "name") };
}

/**
 * Whether an object's place makes it a provider: an element of a `providers: [...]` array (a
 * property or a variable named `providers`, or an array declared `Provider[]`), or an object
 * whose declared type names a provider type (`OAuthConfig`, `OIDCConfig`, `OAuth2Config`,
 * `EmailConfig`, `Provider`): of the variable it initialises, of the function it returns from,
 * a cast on it (`satisfies OIDCConfig<P>`), or the same in a JSDoc comment.
 */
function hasProviderContext(literal: ObjectLiteralExpression): boolean {
  if (declaredTypes(literal).some((type) => PROVIDER_TYPE.test(type))) return true;
  const array = outermost(literal).getParent();
  if (!Node.isArrayLiteralExpression(array)) return false;
  const holder = outermost(array).getParent();
  if (
    (Node.isPropertyAssignment(holder) || Node.isVariableDeclaration(holder)) &&
    nameOf(holder.getNameNode()) === "providers"
  )
    return true;
  return declaredTypes(array).some((type) => PROVIDER_TYPE.test(type));
}

/**
 * The types declared for an expression, as written: the casts on it, and the type of the variable
 * it initialises or the return type of the function it returns from, in TypeScript or in JSDoc.
 */
function declaredTypes(expression: AnyNode): string[] {
  const types: string[] = [];
  let node = expression;
  for (let parent = node.getParent(); parent && isWrapping(parent); parent = node.getParent()) {
    if (Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent) || Node.isTypeAssertion(parent))
      types.push(parent.getTypeNode()?.getText() ?? "");
    node = parent;
  }
  const declared = declaredType(node);
  if (declared) types.push(declared.getText());
  const parent = node.getParent();
  const fn = returnedFrom(node);
  const jsDoc = Node.isVariableDeclaration(parent)
    ? ts.getJSDocType(parent.compilerNode)
    : fn && ts.getJSDocReturnType(fn.compilerNode);
  if (jsDoc) types.push(jsDoc.getText(node.getSourceFile().compilerNode));
  return types;
}

/** The function an expression is the returned value of, by `return` or as an arrow's body. */
function returnedFrom(expression: AnyNode): (AnyNode<ts.SignatureDeclaration> & ReturnTypedNode) | undefined {
  const parent = expression.getParent();
  if (Node.isArrowFunction(parent) && parent.getBody() === expression) return parent;
  if (Node.isReturnStatement(parent))
    return parent.getFirstAncestor(Node.isReturnTyped) as
      | (AnyNode<ts.SignatureDeclaration> & ReturnTypedNode)
      | undefined;
  return undefined;
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
function outermost(literal: AnyNode): AnyNode {
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
  return returnedFrom(expression)?.getReturnTypeNode();
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

/** The note for a provider object left as it was: why, and what to build it with. */
function leftNote(provider: PlainProvider, usesAuth: boolean): ProviderWrapping["left"][number] {
  const { name, module } = provider.wrapper;
  const line = provider.literal.getStartLineNumber();
  const label = labelOf(provider);
  if (provider.kind === "oauth1")
    return {
      line,
      specifier: TWITTER_MODULE,
      reason: `${label} uses OAuth 1.0a, which OAuth() does not run (it would sign in with OAuth 2), so it is not wrapped: build it with Twitter({ version: "1.0A", ...its other options }), the default export of ${TWITTER_MODULE} and the only OAuth 1.0a provider`,
    };
  const wrap = `wrap it in ${name}(), the default export of ${module}`;
  if (provider.kind === "unsure") {
    const keys = [...provider.wrapper.strong].join(", ");
    return {
      line,
      specifier: module,
      reason: `${label} may be a provider (its type is ${JSON.stringify(stringProperty(provider.literal, "type"))}) but has none of ${keys}, so it is not wrapped: if it is one, ${wrap}`,
    };
  }
  const why = usesAuth
    ? "the file is not an ES module"
    : "the file imports nothing from Auth.js or Portcullis, so the codemod does not change it";
  return {
    line,
    specifier: module,
    reason: `${label} brings no sign-in method as a plain object: ${wrap} (not done here: ${why})`,
  };
}
