/**
 * A small Markdown to HTML converter for the subset this repository's docs are written in:
 * ATX headings, paragraphs, bullet and numbered lists (nested, with code blocks inside items),
 * pipe tables, fenced code blocks, block quotes, rules, and inline code, links, autolinks,
 * strong and emphasis. Everything else, raw HTML included, comes out as escaped text, so a page
 * can never carry markup or script that the Markdown did not ask for.
 *
 * No Markdown parser is among the repository's dependencies, and the docs need only this much.
 */

import { escapeHtml } from "@portcullis/core/pages/html";

/** A heading of a converted document, with the id its HTML element carries. */
export interface Heading {
  /** 1 to 6, from the number of `#`. */
  level: number;
  /** The heading's text without Markdown markup. */
  text: string;
  /** The element's id: GitHub's slug of the text, `-1`, `-2`... added to repeats. */
  id: string;
}

/** One section of a document: a heading and the plain text under it, up to the next heading. */
export interface Section {
  heading: Heading;
  text: string;
}

/** What a conversion produced. */
export interface Converted {
  html: string;
  headings: Heading[];
  /** The document's text split at its headings, for a search index. */
  sections: Section[];
}

/** Options of {@link markdownToHtml}. */
export interface ConvertOptions {
  /**
   * Maps every link target as written (`../core/README.md#rate-limits`) to the `href` the page
   * should carry, or to `null` to render the link's text without a link. Throw to refuse a link.
   * Without it, targets are kept as written.
   */
  link?: (target: string) => string | null;
}

// The built-in pages' escaping: the docs site writes text into HTML as the pages do.
export { escapeHtml };

/**
 * GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces as hyphens. Links
 * written for GitHub (`README.md#security-the-trust-rules`) keep working on the site.
 *
 * @example
 * ```ts
 * slug("Security: the trust rules") // "security-the-trust-rules"
 * ```
 */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/**
 * Converts a Markdown document to an HTML fragment and lists its headings and sections.
 *
 * @example
 * ```ts
 * const { html, headings } = markdownToHtml("# Hello\n\nSee [core](core.md).", {
 *   link: (target) => target.replace(/\.md$/, ".html"),
 * })
 * // html: '<h1 id="hello">Hello</h1>\n<p>See <a href="core.html">core</a>.</p>'
 * // headings: [{ level: 1, text: "Hello", id: "hello" }]
 * ```
 */
export function markdownToHtml(markdown: string, options: ConvertOptions = {}): Converted {
  const state: State = { options, headings: [], used: new Map(), sections: [], text: [] };
  const html = blocks(markdown.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n"), state);
  closeSection(state);
  return { html, headings: state.headings, sections: state.sections };
}

interface State {
  options: ConvertOptions;
  headings: Heading[];
  /** How many times each slug was given, so repeats get GitHub's `-1`, `-2` suffixes. */
  used: Map<string, number>;
  sections: Section[];
  /** Plain text seen since the last heading. */
  text: string[];
  current?: Heading;
}

function closeSection(state: State): void {
  const text = state.text.join(" ").replace(/\s+/g, " ").trim();
  if (state.current) state.sections.push({ heading: state.current, text });
  else if (text) state.sections.push({ heading: { level: 0, text: "", id: "" }, text });
  state.text = [];
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])(\s+|$)/;
const QUOTE = /^ {0,3}> ?/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === "";
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Whether a line starts a block other than a paragraph, which ends the paragraph before it. */
function startsBlock(line: string, next: string | undefined): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    LIST_ITEM.test(line) ||
    (line.includes("|") && next !== undefined && TABLE_DELIMITER.test(next) && next.includes("-"))
  );
}

function blocks(lines: string[], state: State): string {
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    if (isBlank(line)) {
      index++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      index = codeBlock(lines, index, fence, state, out);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      out.push(headingElement(heading[1]?.length ?? 1, heading[2] ?? "", state));
      index++;
      continue;
    }
    if (RULE.test(line)) {
      out.push("<hr>");
      index++;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && !isBlank(lines[index]) && QUOTE.test(lines[index] ?? "")) {
        quoted.push((lines[index] ?? "").replace(QUOTE, ""));
        index++;
      }
      out.push(`<blockquote>\n${blocks(quoted, state)}\n</blockquote>`);
      continue;
    }
    const next = lines[index + 1];
    if (line.includes("|") && next !== undefined && TABLE_DELIMITER.test(next) && next.includes("-")) {
      index = table(lines, index, state, out);
      continue;
    }
    if (LIST_ITEM.test(line)) {
      index = list(lines, index, state, out);
      continue;
    }
    const paragraph: string[] = [line.trim()];
    index++;
    while (
      index < lines.length &&
      !isBlank(lines[index]) &&
      !startsBlock(lines[index] ?? "", lines[index + 1])
    ) {
      paragraph.push((lines[index] ?? "").trim());
      index++;
    }
    out.push(`<p>${inline(paragraph.join("\n"), state)}</p>`);
  }
  return out.join("\n");
}

function codeBlock(
  lines: string[],
  start: number,
  fence: RegExpExecArray,
  state: State,
  out: string[],
): number {
  const indent = fence[1]?.length ?? 0;
  const marker = fence[2] ?? "```";
  const language = (fence[3] ?? "").toLowerCase();
  const code: string[] = [];
  let index = start + 1;
  while (index < lines.length) {
    const text = lines[index] ?? "";
    const trimmed = text.trim();
    if (
      trimmed.startsWith(marker) &&
      trimmed.replace(/^[`~]+/, "").trim() === "" &&
      trimmed[0] === marker[0]
    ) {
      index++;
      break;
    }
    code.push(text.slice(Math.min(indent, indentOf(text))));
    index++;
  }
  state.text.push(code.join(" "));
  const attribute = language ? ` class="language-${escapeHtml(language)}"` : "";
  out.push(`<pre><code${attribute}>${escapeHtml(code.join("\n"))}</code></pre>`);
  return index;
}

function headingElement(level: number, source: string, state: State): string {
  const html = inline(source, state, false);
  const text = plainText(html);
  const base = slug(text);
  const seen = state.used.get(base);
  state.used.set(base, (seen ?? -1) + 1);
  const id = seen === undefined ? base : `${base}-${seen + 1}`;
  closeSection(state);
  const heading = { level, text, id };
  state.headings.push(heading);
  state.current = heading;
  return `<h${level} id="${escapeHtml(id)}">${html}</h${level}>`;
}

/** The text of an HTML fragment this module produced: tags dropped, entities decoded. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => {
      const decoded: Record<string, string> = {
        "&amp;": "&",
        "&lt;": "<",
        "&gt;": ">",
        "&quot;": '"',
        "&#39;": "'",
      };
      return decoded[entity] ?? entity;
    })
    .trim();
}

/** The cells of a table row, split at pipes that are neither escaped nor inside a code span. */
function cells(row: string): string[] {
  const result: string[] = [];
  let cell = "";
  let ticks = 0;
  const text = row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "\\" && text[index + 1] === "|") {
      cell += "|";
      index++;
    } else if (char === "`") {
      let run = 0;
      while (text[index + run] === "`") run++;
      if (ticks === 0) ticks = run;
      else if (ticks === run) ticks = 0;
      cell += "`".repeat(run);
      index += run - 1;
    } else if (char === "|" && ticks === 0) {
      result.push(cell.trim());
      cell = "";
    } else cell += char;
  }
  result.push(cell.trim());
  return result;
}

function table(lines: string[], start: number, state: State, out: string[]): number {
  const header = cells(lines[start] ?? "");
  const alignments = cells(lines[start + 1] ?? "").map((cell) => {
    if (cell.startsWith(":") && cell.endsWith(":")) return "center";
    if (cell.endsWith(":")) return "right";
    return cell.startsWith(":") ? "left" : "";
  });
  const row = (values: string[], tag: "th" | "td") =>
    `<tr>${header
      .map((_, column) => {
        // A class rather than a style attribute: the site's policy allows no inline style.
        const align = alignments[column] ? ` class="align-${alignments[column]}"` : "";
        return `<${tag}${align}>${inline(values[column] ?? "", state)}</${tag}>`;
      })
      .join("")}</tr>`;
  const body: string[] = [];
  let index = start + 2;
  while (index < lines.length && !isBlank(lines[index]) && (lines[index] ?? "").includes("|")) {
    body.push(row(cells(lines[index] ?? ""), "td"));
    index++;
  }
  out.push(`<table>\n<thead>${row(header, "th")}</thead>\n<tbody>\n${body.join("\n")}\n</tbody>\n</table>`);
  return index;
}

/**
 * A list from its first item on: items at the first item's indentation, each with the lines that
 * belong to it (indented further, or wrapped lines of its text) converted as blocks of their own.
 */
function list(lines: string[], start: number, state: State, out: string[]): number {
  const first = LIST_ITEM.exec(lines[start] ?? "") as RegExpExecArray;
  const indent = first[1]?.length ?? 0;
  const ordered = /\d/.test(first[2] ?? "");
  const items: string[][] = [];
  let loose = false;
  let index = start;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    const marker = LIST_ITEM.exec(line);
    if (!marker || (marker[1]?.length ?? 0) !== indent || /\d/.test(marker[2] ?? "") !== ordered) break;
    const contentIndent =
      indent + (marker[2]?.length ?? 1) + Math.max(1, Math.min(marker[3]?.length ?? 1, 4));
    const item = [line.slice(marker[0].length)];
    index++;
    let inFence = FENCE.test(item[0] ?? "");
    while (index < lines.length) {
      const text = lines[index] ?? "";
      if (inFence) {
        item.push(text.slice(Math.min(contentIndent, indentOf(text))));
        if (FENCE.test(text)) inFence = false;
        index++;
        continue;
      }
      if (isBlank(text)) {
        // A blank line stays in the item only when the item goes on, indented, after it.
        let after = index + 1;
        while (after < lines.length && isBlank(lines[after])) after++;
        const following = lines[after];
        if (following === undefined || indentOf(following) < contentIndent) break;
        loose = true;
        item.push("");
        index++;
        continue;
      }
      const nested = LIST_ITEM.exec(text);
      if (nested && (nested[1]?.length ?? 0) <= indent) break;
      if (indentOf(text) < contentIndent && !nested && isBlank(item[item.length - 1]) === false) {
        // A wrapped line of the item's paragraph, written without the indentation.
        if (startsBlock(text, lines[index + 1])) break;
      }
      if (FENCE.test(text)) inFence = true;
      item.push(text.slice(Math.min(contentIndent, indentOf(text))));
      index++;
    }
    items.push(item);
    // Blank lines between two items make the list loose (its items' text in paragraphs).
    let after = index;
    while (after < lines.length && isBlank(lines[after])) after++;
    const next = LIST_ITEM.exec(lines[after] ?? "");
    if (after > index && next && (next[1]?.length ?? 0) === indent) {
      loose = true;
      index = after;
    }
  }
  const tag = ordered ? "ol" : "ul";
  const startNumber = ordered ? Number.parseInt(first[2] ?? "1", 10) : 1;
  const startAttribute = ordered && startNumber !== 1 ? ` start="${startNumber}"` : "";
  const rendered = items.map((item) => {
    let html = blocks(item, state);
    if (!loose) html = html.replace(/^<p>([\s\S]*?)<\/p>/, "$1");
    return `<li>${html}</li>`;
  });
  out.push(`<${tag}${startAttribute}>\n${rendered.join("\n")}\n</${tag}>`);
  return index;
}

/**
 * Inline Markdown to HTML. Code spans, escapes, autolinks and links are cut out first and kept as
 * numbered placeholders (between two private-use characters no document contains), so the
 * emphasis rules and the escaping never touch their content.
 */
function inline(source: string, state: State, collect = true): string {
  const held: string[] = [];
  let text = inlineWithPlaceholders(source.replace(/[\uE000\uE001]/g, ""), state, held);
  // Placeholders may hold others (a link's label with code in it): restore until none is left.
  while (text.includes("\uE000"))
    text = text.replace(/\uE000(\d+)\uE001/g, (_, n: string) => held[Number(n)] ?? "");
  if (collect) state.text.push(plainText(text));
  return text;
}

function inlineWithPlaceholders(source: string, state: State, held: string[]): string {
  const hold = (html: string) => `\uE000${held.push(html) - 1}\uE001`;
  const linkElement = (target: string, label: string) => {
    const href = state.options.link ? state.options.link(target) : target;
    return hold(href === null ? label : `<a href="${escapeHtml(href)}">${label}</a>`);
  };
  let text = source.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_, __, code: string) => {
    const trimmed = /^ .* $/s.test(code) && code.trim() !== "" ? code.slice(1, -1) : code;
    return hold(`<code>${escapeHtml(trimmed.replace(/\n/g, " "))}</code>`);
  });
  text = text.replace(/\\([!-/:-@[-`{-~])/g, (_, char: string) => hold(escapeHtml(char)));
  text = text.replace(/<(https?:\/\/[^\s<>]+|mailto:[^\s<>]+)>/g, (_, url: string) =>
    linkElement(url, escapeHtml(url)),
  );
  text = text.replace(
    /\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*<?([^\s()<>]*(?:\([^\s()]*\))?[^\s()<>]*)>?(?:\s+"([^"]*)")?\s*\)/g,
    (_, label: string, target: string) => linkElement(target, inlineWithPlaceholders(label, state, held)),
  );
  text = escapeHtml(text);
  text = text.replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, "<strong>$1</strong>");
  text = text.replace(/(^|[^\p{L}\p{N}_])__(?=\S)([\s\S]*?\S)__(?![\p{L}\p{N}_])/gu, "$1<strong>$2</strong>");
  text = text.replace(/(^|[^*\\])\*(?=[^\s*])([\s\S]*?[^\s*])\*(?!\*)/g, "$1<em>$2</em>");
  text = text.replace(/(^|[^\p{L}\p{N}_])_(?=\S)([\s\S]*?\S)_(?![\p{L}\p{N}_])/gu, "$1<em>$2</em>");
  return text;
}
