/**
 * Fresh rows for the conformance suite. Every id is a random UUID so runs against a shared
 * database never collide, and every date has whole seconds so that adapters storing dates at
 * second precision (common in existing Auth.js databases) still compare equal.
 *
 * @module
 */
import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@portcullis/core/adapters";

/** A date in the far future, fixed so that no test depends on the clock. */
export const LATER = new Date("2031-02-03T04:05:06.000Z");

/** A second fixed date, different from {@link LATER}, for updates. */
export const MUCH_LATER = new Date("2032-07-08T09:10:11.000Z");

/** A random id, as an adapter's caller would generate it. */
export function randomId(): string {
  return crypto.randomUUID();
}

/** A new user with every field set. */
export function newUser(overrides: Partial<AdapterUser> = {}): AdapterUser {
  const id = randomId();
  return {
    id,
    email: `${id}@example.test`,
    emailVerified: null,
    name: "Ada Lovelace",
    image: `https://example.test/${id}.png`,
    ...overrides,
  };
}

/** An OpenID Connect account for `userId` carrying every OAuth field an adapter stores. */
export function newAccount(userId: string): AdapterAccount {
  const id = randomId();
  return {
    userId,
    type: "oidc",
    provider: "conformance",
    providerAccountId: id,
    access_token: `access-${id}`,
    refresh_token: `refresh-${id}`,
    id_token: `id-${id}`,
    token_type: "bearer",
    scope: "openid email profile",
    expires_at: 1_956_000_000,
    session_state: `state-${id}`,
  };
}

/** A fixed date in the past, for an expired session and for when a session began. */
export const EARLIER = new Date("2025-03-04T05:06:07.000Z");

/** A database session for `userId`, with only the fields every adapter stores. */
export function newSession(userId: string, overrides: Partial<AdapterSession> = {}): AdapterSession {
  return { sessionToken: randomId(), userId, expires: LATER, ...overrides };
}

/**
 * A database session for `userId` with the details the core passes on sign-in: when it began,
 * when it was last seen (the same instant, as on a fresh sign-in), the browser's User-Agent and
 * the identity provider's session.
 */
export function newDetailedSession(userId: string, overrides: Partial<AdapterSession> = {}): AdapterSession {
  return newSession(userId, {
    createdAt: EARLIER,
    lastSeenAt: EARLIER,
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) Conformance/${randomId()}`,
    // What an OpenID Connect sign-in adds, for logout: the provider, its session id, the ID token.
    provider: "conformance-idp",
    idpSessionId: randomId(),
    idToken: `eyJhbGciOiJSUzI1NiJ9.${randomId()}.signature`,
    ...overrides,
  });
}

/** An email verification token. */
export function newVerificationToken(): VerificationToken {
  const identifier = `${randomId()}@example.test`;
  return { identifier, token: randomId(), expires: LATER };
}

/** A WebAuthn authenticator for `userId`. */
export function newAuthenticator(userId: string): AdapterAuthenticator {
  const credentialID = randomId().replaceAll("-", "");
  return {
    credentialID,
    userId,
    providerAccountId: credentialID,
    credentialPublicKey: `pQECAyYgASFYI${credentialID}`,
    counter: 0,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    transports: "internal,hybrid",
  };
}
