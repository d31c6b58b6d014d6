/**
 * "Your sessions" on the signed-in home page: every browser signed in as this user, with a way
 * to sign each of them out. Plain forms posting to the demo's session routes: no script needed.
 */
import type { SessionInfo } from "@portcullis/core";
import { escapeHtml } from "./html";
import { describeUserAgent } from "./user-agent";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** A stored date as a `<time>`; "unknown" where the store kept none. */
function when(iso: string | null): string {
  if (!iso) return "unknown";
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(dateTime.format(new Date(iso)))}</time>`;
}

function sessionItem(session: SessionInfo): string {
  const device = escapeHtml(describeUserAgent(session.userAgent));
  const details = `Signed in ${when(session.createdAt)} · last seen ${when(session.lastSeenAt)}`;
  // The current session has no button of its own: "Sign out everywhere" (or the header's
  // "Sign out") ends it, and a lone button here would read as ending some other device.
  const action = session.current
    ? "<em>This device</em>"
    : `<form class="inline" method="post" action="/sessions/revoke"><input type="hidden" name="id" value="${escapeHtml(session.id)}"><button class="quiet" type="submit">Sign out</button></form>`;
  return `<li data-current="${session.current}"><span><strong>${device}</strong><br><small>${details}</small></span>${action}</li>`;
}

/**
 * The section listing the user's sessions, newest first as the engine answers them.
 *
 * @param sessions The engine's list for the visitor.
 * @param revoked How many sessions the last action signed out, to confirm it; undefined for none.
 * @returns The section's HTML.
 * @example
 * ```ts
 * sessionsSection(await createAuth(config).listSessions({ headers }) ?? [], undefined)
 * ```
 */
export function sessionsSection(sessions: SessionInfo[], revoked: number | undefined): string {
  const others = sessions.some((s) => !s.current);
  return `<section aria-labelledby="sessions-heading"><h2 id="sessions-heading">Your sessions</h2>${revokedNotice(revoked)}
<ul class="sessions">${sessions.map(sessionItem).join("")}</ul>
<p>${others ? `<form class="inline" method="post" action="/sessions/revoke-others"><button type="submit">Sign out other sessions</button></form> ` : ""}<form class="inline" method="post" action="/sessions/revoke-all"><button type="submit">Sign out everywhere</button></form></p>
</section>`;
}

/**
 * The confirmation of a session action: how many sessions it signed out. Shown signed out too,
 * since "Sign out everywhere" ends this browser's session with the others.
 *
 * @param revoked How many sessions the last action signed out; undefined for none.
 * @returns The notice's HTML, or "" when no action just ran.
 * @example
 * ```ts
 * revokedNotice(2) // '<p class="notice" role="status">Signed out 2 sessions.</p>'
 * ```
 */
export function revokedNotice(revoked: number | undefined): string {
  if (revoked === undefined) return "";
  return `<p class="notice" role="status">Signed out ${revoked} ${revoked === 1 ? "session" : "sessions"}.</p>`;
}
