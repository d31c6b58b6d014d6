/**
 * The adapter's key layout. Every key starts with the prefix; the Lua scripts build the same
 * keys from the prefix (passed as ARGV[1]) and the same names, so the two must agree.
 *
 * @module
 */

/** Builds the keys of one adapter from its prefix. */
export interface Keys {
  prefix: string;
  /** Hash: one user. */
  user(id: string): string;
  /** String: the id of the user with this email (the unique email index). */
  userByEmail(email: string): string;
  /** Hash: one account; `member` is {@link accountMember}'s value. */
  account(member: string): string;
  /** Set: a user's account members. */
  userAccounts(userId: string): string;
  /** Hash: one database session. */
  session(sessionToken: string): string;
  /** Set: a user's session tokens. */
  userSessions(userId: string): string;
  /**
   * Set: the session tokens an identity-provider session started. The provider's byte length
   * comes first, so no provider and sid pair holding ':' names another pair's set.
   */
  idpSessions(provider: string, idpSessionId: string): string;
  /** Hash: one verification token. */
  verificationToken(identifier: string, token: string): string;
  /** Hash: one WebAuthn authenticator. */
  authenticator(credentialID: string): string;
  /** Set: a user's credential ids. */
  userAuthenticators(userId: string): string;
}

/**
 * An account's name inside the keyspace and inside its user's set of accounts. The provider is
 * percent-encoded so that a `:` in it cannot make two different accounts share a key; the
 * provider account id comes last, so it needs no encoding.
 *
 * @param provider The provider id.
 * @param providerAccountId The user's id at that provider.
 * @returns `{provider}:{providerAccountId}`.
 * @example
 * accountMember("github", "12345") // "github:12345"
 */
export function accountMember(provider: string, providerAccountId: string): string {
  return `${encodeURIComponent(provider)}:${providerAccountId}`;
}

/**
 * The keys under `prefix`.
 *
 * @param prefix Prepended to every key.
 * @returns The key builders.
 * @example
 * keysUnder("portcullis:adapter:").user("1") // "portcullis:adapter:user:1"
 */
export function keysUnder(prefix: string): Keys {
  return {
    prefix,
    user: (id) => `${prefix}user:${id}`,
    userByEmail: (email) => `${prefix}user-by-email:${email}`,
    account: (member) => `${prefix}account:${member}`,
    userAccounts: (userId) => `${prefix}user-accounts:${userId}`,
    session: (sessionToken) => `${prefix}session:${sessionToken}`,
    userSessions: (userId) => `${prefix}user-sessions:${userId}`,
    idpSessions: (provider, idpSessionId) =>
      `${prefix}idp-sessions:${Buffer.byteLength(provider)}:${provider}:${idpSessionId}`,
    // The identifier is an email chosen by whoever asks for a link: encoded, like a provider.
    verificationToken: (identifier, token) =>
      `${prefix}verification-token:${encodeURIComponent(identifier)}:${token}`,
    authenticator: (credentialID) => `${prefix}authenticator:${credentialID}`,
    userAuthenticators: (userId) => `${prefix}user-authenticators:${userId}`,
  };
}

/**
 * A key as an error message may show it: the prefix and the kind (`app:session:…`), never what
 * follows, which is a session token (a bearer credential), an address or an id. Error messages
 * reach the app's log, and a log reader must not be able to use a session from it.
 *
 * @param prefix The adapter's key prefix.
 * @param key A key under it.
 * @returns The redacted key.
 * @example
 * redactedKey("app:", "app:session:4f1c2b0e") // "app:session:…"
 */
export function redactedKey(prefix: string, key: string): string {
  const end = key.startsWith(prefix) ? key.indexOf(":", prefix.length) : -1;
  return end < 0 ? "a key" : `${key.slice(0, end + 1)}…`;
}

/**
 * A text (a Redis error, a script's report) with every key under `prefix` in it redacted as
 * {@link redactedKey} does.
 *
 * @param prefix The adapter's key prefix.
 * @param text The text.
 * @returns The text without what follows each key's kind.
 * @example
 * redactKeys("app:", "BADDATA app:session:4f1c has no userId") // "BADDATA app:session:… has no userId"
 */
export function redactKeys(prefix: string, text: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`(${escaped}[a-z-]+:)\\S*`, "g"), "$1…");
}
