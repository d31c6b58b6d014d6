/** The demo's own pages: a home page that shows the session, and a page only signed-in users see. */
import type { Session, SessionInfo } from "@portcullis/core";
import { escapeHtml, layout } from "./html";
import { passkeysSection } from "./passkeys-section";
import { revokedNotice, sessionsSection } from "./sessions-section";

/** What the signed-in home page shows besides the session itself. */
export interface HomeDetails {
  /** The user's sessions. */
  sessions: SessionInfo[];
  /** How many sessions the last session action signed out, if one just ran. */
  revoked?: number;
  /** How many passkeys the user has. */
  passkeys?: number;
}

/**
 * The home page for a session (or none). Signed out, it still confirms a session action that
 * just ran (`details.revoked`): "Sign out everywhere" lands here signed out.
 *
 * @example
 * ```ts
 * homePage(null) // the signed-out welcome
 * ```
 */
export function homePage(session: Session | null, details: HomeDetails = { sessions: [] }): string {
  if (!session?.user) {
    return layout(
      "Portcullis demo",
      session,
      `${revokedNotice(details.revoked)}<p>You are not signed in.</p><p><a class="button" href="/auth/signin">Sign in</a></p>
<p>Try <code>alice@example.com</code> / <code>wonderland</code>, or a magic link to any address (the link is printed in the server's console).</p>`,
    );
  }
  return layout(
    "Portcullis demo",
    session,
    `<p>Signed in as <strong>${escapeHtml(session.user.name ?? session.user.email ?? "someone")}</strong>.</p>
<p><a href="/private">A private page</a></p>
${passkeysSection(details.passkeys ?? 0)}
${sessionsSection(details.sessions, details.revoked)}
<h2>Your session</h2><pre>${escapeHtml(JSON.stringify(session, null, 2))}</pre>`,
  );
}

/**
 * The page only signed-in users see.
 *
 * @example
 * ```ts
 * privatePage({ user: { email: "alice@example.com" }, expires: "2030-01-01T00:00:00.000Z" })
 * ```
 */
export function privatePage(session: Session): string {
  return layout(
    "Private",
    session,
    `<p>Hello ${escapeHtml(session.user?.email ?? "")}: only signed-in users see this.</p><p><a href="/">Home</a></p>`,
  );
}

/**
 * The page for any other path.
 *
 * @example
 * ```ts
 * notFoundPage(null)
 * ```
 */
export function notFoundPage(session: Session | null): string {
  return layout("Not found", session, `<p>There is no page here.</p><p><a href="/">Home</a></p>`);
}
