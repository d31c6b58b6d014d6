/** The frame of the demo's own pages: escaping, and a layout that always says who is signed in. */
import type { Session } from "@portcullis/core";

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

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:0 1rem 3rem}
header{display:flex;justify-content:space-between;gap:1rem;padding:.75rem 0;margin-bottom:1.5rem;border-bottom:1px solid #e4e4e7}
a.button,button{display:inline-block;padding:.5rem 1rem;border:0;border-radius:.5rem;background:#4f46e5;color:#fff;font:inherit;text-decoration:none;cursor:pointer}
button.quiet{background:#e4e4e7;color:#18181b;padding:.25rem .75rem}
ul.sessions{list-style:none;padding:0}ul.sessions li{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 0;border-bottom:1px solid #e4e4e7}
form.inline{display:inline}.notice{background:#ecfdf5;padding:.5rem 1rem;border-radius:.5rem}
pre{background:#f4f4f5;padding:1rem;border-radius:.5rem;overflow:auto}`;

/** Who is signed in, in the header of every page, so a visitor never has to guess. */
function signedInBar(session: Session | null): string {
  if (!session?.user) return `<span>Not signed in</span><a href="/auth/signin">Sign in</a>`;
  const who = session.user.email ?? session.user.name ?? "someone";
  return `<span>Signed in as <strong>${escapeHtml(who)}</strong></span><a href="/auth/signout?callbackUrl=%2F">Sign out</a>`;
}

/**
 * A whole page of the demo: head (with the icon), the signed-in bar, the title and the body.
 *
 * @param title The page's title and heading.
 * @param session The visitor's session, or null when signed out.
 * @param body The page's HTML, already escaped where it holds data.
 * @returns The document.
 * @example
 * ```ts
 * layout("Not found", null, "<p>Nothing here.</p>")
 * ```
 */
export function layout(title: string, session: Session | null, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.ico" type="image/svg+xml"><style>${STYLE}</style></head>
<body><header><a href="/">Portcullis demo</a> ${signedInBar(session)}</header><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
