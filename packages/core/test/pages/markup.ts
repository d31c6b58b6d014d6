// A small reader for the pages' markup, enough to assert on forms without a DOM library. It
// relies on every attribute value being double-quoted and escaped, which the pages guarantee.

/** Undoes the escaping of the pages' `html` helper. */
export function decode(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** The attributes inside a start tag (the part after its name), values decoded; bare ones are "". */
export function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-z][a-z0-9-]*)(?:="([^"]*)")?/gi)) {
    if (match[1] !== undefined) attrs[match[1].toLowerCase()] = decode(match[2] ?? "");
  }
  return attrs;
}

/** The attributes of every start tag named `tag` in the markup, in document order. */
export function elements(markup: string, tag: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map((m) => attributes(m[1] ?? ""));
}
