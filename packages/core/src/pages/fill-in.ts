/**
 * Filling the `{name}` placeholders of a message.
 *
 * @module
 */
import { type HtmlValue, html, type SafeHtml } from "./html";

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Renders a message with its placeholders replaced. The message's own text is escaped like any
 * other value (a message is text, never markup, even one an app configured); each value is
 * escaped too unless it is a fragment built with `html`, which is how a page sets a value in
 * bold. A placeholder without a value stays as written.
 *
 * @param message - the text with `{name}` placeholders.
 * @param values - the value of each placeholder.
 * @returns the markup.
 * @example
 * ```ts
 * fillIn("Sign in as {email}?", { email: html`<strong>${"a@b.c"}</strong>` }).toString()
 * // "Sign in as <strong>a@b.c</strong>?"
 * ```
 */
export function fillIn(message: string, values: Readonly<Record<string, HtmlValue>>): SafeHtml {
  const parts: HtmlValue[] = [];
  let last = 0;
  for (const match of message.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? "";
    if (!Object.hasOwn(values, name)) continue;
    parts.push(message.slice(last, match.index), values[name]);
    last = match.index + match[0].length;
  }
  parts.push(message.slice(last));
  return html`${parts}`;
}
