/** The frame of the demo's own pages: escaping, and the layout they share. */

/**
 * Escapes text for HTML content and quoted attribute values.
 *
 * @param text Any text, e.g. a user's name or a User-Agent header.
 * @returns The text with `& < > " '` as character references.
 * @example
 * ```ts
 * escapeHtml('<b>"Al"</b>') // "&#60;b&#62;&#34;Al&#34;&#60;/b&#62;"
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
a.button,button{display:inline-block;padding:.5rem 1rem;border:0;border-radius:.5rem;background:#4f46e5;color:#fff;font:inherit;text-decoration:none;cursor:pointer}
button.quiet{background:#e4e4e7;color:#18181b;padding:.25rem .75rem}
ul.sessions{list-style:none;padding:0}ul.sessions li{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 0;border-bottom:1px solid #e4e4e7}
form.inline{display:inline}.notice{background:#ecfdf5;padding:.5rem 1rem;border-radius:.5rem}
pre{background:#f4f4f5;padding:1rem;border-radius:.5rem;overflow:auto}`;

/**
 * A whole page of the demo: head, the title and the body.
 *
 * @param title The page's title and heading.
 * @param body The page's HTML, already escaped where it holds data.
 * @returns The document.
 * @example
 * ```ts
 * layout("Private", "<p>Only signed-in users see this.</p>")
 * ```
 */
export function layout(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
