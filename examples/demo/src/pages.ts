/** The demo's own pages: a home page that shows the session, and a page only signed-in users see. */
import type { Session } from "@portcullis/core";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
a.button{display:inline-block;padding:.5rem 1rem;border-radius:.5rem;background:#4f46e5;color:#fff;text-decoration:none}
pre{background:#f4f4f5;padding:1rem;border-radius:.5rem;overflow:auto}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** The home page for a session (or none). */
export function homePage(session: Session | null): string {
  if (!session?.user) {
    return layout(
      "Portcullis demo",
      `<p>You are not signed in.</p><p><a class="button" href="/auth/signin">Sign in</a></p>
<p>Try <code>alice@example.com</code> / <code>wonderland</code>, or a magic link to any address (the link is printed in the server's console).</p>`,
    );
  }
  return layout(
    "Portcullis demo",
    `<p>Signed in as <strong>${escapeHtml(session.user.name ?? session.user.email ?? "someone")}</strong>.</p>
<p><a href="/private">A private page</a> · <a class="button" href="/auth/signout?callbackUrl=%2F">Sign out</a></p>
<h2>Your session</h2><pre>${escapeHtml(JSON.stringify(session, null, 2))}</pre>`,
  );
}

/** The page only signed-in users see. */
export function privatePage(session: Session): string {
  return layout(
    "Private",
    `<p>Hello ${escapeHtml(session.user?.email ?? "")}: only signed-in users see this.</p><p><a href="/">Home</a></p>`,
  );
}
