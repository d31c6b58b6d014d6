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

/** A database session for `userId`. */
export function newSession(userId: string): AdapterSession {
  return { sessionToken: randomId(), userId, expires: LATER };
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
