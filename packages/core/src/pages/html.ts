/**
 * A minimal HTML builder for the built-in pages: a tagged template that escapes every
 * interpolated value unless it is an already-built {@link SafeHtml} fragment.
 *
 * @module
 */

/**
 * A fragment of markup that is safe to insert as is: either produced by {@link html} (so every
 * value in it was escaped) or explicitly marked with {@link trustedHtml}.
 */
export class SafeHtml {
  readonly #markup: string;

  /** @param markup - markup already known to be safe; use {@link html} rather than this. */
  constructor(markup: string) {
    this.#markup = markup;
  }

  /** The markup as a string. */
  toString(): string {
    return this.#markup;
  }
}

/**
 * What may be interpolated into {@link html}: text (escaped), numbers, fragments (kept), lists of
 * these (concatenated), and `null`/`undefined`/`false` (rendered as nothing, so
 * `${condition && html`...`}` works).
 */
export type HtmlValue = SafeHtml | string | number | false | null | undefined | readonly HtmlValue[];

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes the five characters that are special in HTML text and quoted attribute values, so any
 * string renders as inert text.
 *
 * @param text - any string, e.g. a provider name or a query parameter.
 * @returns the escaped text.
 * @example
 * ```ts
 * escapeHtml(`<a title="x">`) // "&lt;a title=&quot;x&quot;&gt;"
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/**
 * Builds markup from a template literal. Every interpolated value is escaped unless it is a
 * {@link SafeHtml} fragment (such as the result of a nested `html` call), so attacker-controlled
 * text can never open a tag or leave an attribute. Attribute values must always be quoted with
 * `"` in the template for this guarantee to hold.
 *
 * @param strings - the literal parts of the template (trusted: written in this package).
 * @param values - the interpolated values; see {@link HtmlValue}.
 * @returns the built fragment.
 * @example
 * ```ts
 * const name = "<script>";
 * html`<p title="${name}">${name}</p>`.toString() // '<p title="&lt;script&gt;">&lt;script&gt;</p>'
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) {
    out += render(values[i]) + (strings[i + 1] ?? "");
  }
  return new SafeHtml(out);
}

/**
 * Marks a string as safe markup without escaping it. Only for text that cannot contain
 * attacker-controlled characters, such as the stylesheet built from validated theme values.
 *
 * @param markup - markup known to be safe.
 * @returns the fragment.
 * @example
 * ```ts
 * html`<style>${trustedHtml("body{margin:0}")}</style>`
 * ```
 */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
