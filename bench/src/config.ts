/**
 * The configuration both libraries are benchmarked with, in one place so it cannot drift between
 * them: base path, secret, trusted host, one credentials provider accepting alice/wonderland.
 *
 * @module
 */
import { timingSafeEqual } from "node:crypto";

/** Where both servers mount their routes. */
export const BASE_PATH = "/auth";

/** The secret both servers sign and encrypt with. A fixed bench value, never used outside it. */
export const SECRET = "portcullis-bench-secret-0123456789abcdef0123456789";

/** The session cookie name over plain http, the same in both libraries. */
export const SESSION_COOKIE = "authjs.session-token";

/** The one account the credentials provider accepts. */
export const CREDENTIALS = { username: "alice", password: "wonderland" } as const;

/** The user the credentials provider answers for alice; also the seeded database user. */
export const ALICE = { id: "bench-user-alice", name: "Alice", email: "alice@example.com", image: null };

/** The credential fields, as both libraries describe them for their sign-in page. */
export const CREDENTIAL_FIELDS = {
  username: { label: "Username" },
  password: { label: "Password", type: "password" },
};

/**
 * An OAuth provider that is configured but never contacted. Auth.js refuses database sessions
 * when credentials is the only provider, so the database servers of both libraries carry this one
 * too; reading a session never touches it.
 */
export const PLACEHOLDER_OAUTH = {
  id: "placeholder",
  name: "Placeholder",
  type: "oauth" as const,
  clientId: "bench-client",
  clientSecret: "bench-client-secret",
  authorization: "https://oauth.invalid/authorize",
  token: "https://oauth.invalid/token",
  userinfo: "https://oauth.invalid/userinfo",
};

function same(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Constant time, as a real password check must be; both servers pay the same cost.
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The credentials check both servers use: alice with her password gets {@link ALICE}, anyone
 * else nothing.
 *
 * @param credentials The submitted form fields.
 * @returns The user, or null to reject the sign-in.
 * @example
 * ```ts
 * authorizeAlice({ username: "alice", password: "wonderland" }) // ALICE
 * ```
 */
export function authorizeAlice(credentials: Partial<Record<string, unknown>>): typeof ALICE | null {
  const userOk = same(credentials.username, CREDENTIALS.username);
  const passwordOk = same(credentials.password, CREDENTIALS.password);
  return userOk && passwordOk ? ALICE : null;
}
