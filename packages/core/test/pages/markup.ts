/** Small readers of the pages' HTML for tests (there is no DOM library here). */

/** Undoes the page's escaping of text and attribute values. */
export function decode(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** The attributes of a start tag's attribute text, decoded; a bare attribute maps to "". */
export function attributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(/\s([^\s=>]+)(?:="([^"]*)")?/g)) {
    attrs[match[1] ?? ""] = decode(match[2] ?? "");
  }
  return attrs;
}

/** Every start tag of one element type in the markup, as its attributes. */
export function elements(markup: string, tag: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map((m) => attributes(m[1] ?? ""));
}
