/**
 * Conversions between the adapter's objects and table rows. Writes go through the dialect
 * (dates and booleans are stored differently); reads accept every stored form.
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
import { existingColumns, presentColumns, type TableColumns } from "./columns";
import type { Row } from "./db";
import { readBoolean, readDate, readInteger, type SqlDialect } from "./dialect";

/** The user columns the adapter writes. */
const USER_FIELDS = ["id", "name", "email", "emailVerified", "image"] as const;

/** The account columns besides the row id; OAuth values keep their snake_case names. */
const ACCOUNT_FIELDS = [
  "userId",
  "type",
  "provider",
  "providerAccountId",
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const;

/** Columns the adapter keeps for itself: `createdAt`/`updatedAt` are set by `timestamps` (columns.ts). */
const BOOKKEEPING = new Set<string>(["createdAt", "updatedAt"]);

/**
 * The user columns present in `user` and in the table, ready to bind: the adapter's own fields,
 * and every other field of `user` that the table has a column for (an app's `role` returned by a
 * provider's `profile` callback, as Auth.js's adapters store it). A field without a column is not
 * written, so a profile with extra fields never makes sign-in fail on a missing column. Of the
 * extra fields, only values a column holds as given are written: text, finite numbers, bigints,
 * booleans, valid dates and null; an object or array leaves the column as it is.
 */
export function userRow(user: Partial<AdapterUser>, dialect: SqlDialect, table?: TableColumns): Row {
  const row: Row = {};
  for (const field of USER_FIELDS) if (user[field] !== undefined) row[field] = user[field];
  if ("emailVerified" in row)
    row.emailVerified = dialect.date(user.emailVerified, table?.types.get("emailVerified"));
  if (table) {
    for (const [column, value] of Object.entries(user)) {
      if (KNOWN_USER_FIELDS.has(column) || BOOKKEEPING.has(column) || !table.types.has(column)) continue;
      const bound = extraValue(value, dialect, table.types.get(column));
      if (bound !== undefined) row[column] = bound;
    }
  }
  return existingColumns(row, table);
}

const KNOWN_USER_FIELDS = new Set<string>(USER_FIELDS);

/** The value bound for an extra user column, or undefined when the value is not written. */
function extraValue(value: unknown, dialect: SqlDialect, columnType: string | undefined): unknown {
  switch (typeof value) {
    case "string":
    case "bigint":
      return value;
    case "number":
      return Number.isFinite(value) ? value : undefined;
    case "boolean":
      return dialect.boolean(value);
    default:
      if (value === null) return null;
      if (value instanceof Date && !Number.isNaN(value.getTime())) return dialect.date(value, columnType);
      return undefined;
  }
}

/** A user from its row. Extra columns of an extended user table are kept, for callbacks. */
export function toUser(row: Row): AdapterUser {
  // Object.assign rather than a spread with an extra key: much cheaper on current V8.
  return Object.assign({}, row, { emailVerified: readDate(row.emailVerified) }) as unknown as AdapterUser;
}

/** The account columns present in `account` and in the table, ready to bind. */
export function accountRow(account: AdapterAccount, table?: TableColumns): Row {
  const row: Row = {};
  for (const field of ACCOUNT_FIELDS) if (account[field] !== undefined) row[field] = account[field];
  return existingColumns(row, table);
}

/** An account from its row; empty OAuth columns are left out, as on a fresh account object. */
export function toAccount(row: Row): AdapterAccount {
  const account: Row = {};
  for (const field of ACCOUNT_FIELDS)
    if (row[field] !== null && row[field] !== undefined) account[field] = row[field];
  if ("expires_at" in account) account.expires_at = readInteger(account.expires_at);
  return account as unknown as AdapterAccount;
}

/** The session columns holding dates. */
const SESSION_DATES = ["expires", "createdAt", "lastSeenAt"] as const;

/** The session columns the adapter writes; the last three only where the table has them. */
const SESSION_FIELDS = [
  "sessionToken",
  "userId",
  ...SESSION_DATES,
  "userAgent",
  "provider",
  "idpSessionId",
  "idToken",
] as const;

/**
 * The session columns present in `session` and in the table, ready to bind, with no row id: for
 * an insert, pass the result through `existingColumns` to add one where needed. A detail whose
 * column the table lacks (Auth.js's layouts have none) is dropped, so writes keep working there.
 */
export function sessionRow(session: Partial<AdapterSession>, dialect: SqlDialect, table?: TableColumns): Row {
  const row: Row = {};
  for (const field of SESSION_FIELDS) if (session[field] !== undefined) row[field] = session[field];
  for (const field of SESSION_DATES) {
    if (field in row) row[field] = dialect.date(session[field], table?.types.get(field));
  }
  return presentColumns(row, table);
}

/**
 * A session from its row. The details (`createdAt`, `lastSeenAt`, `userAgent`) are left out
 * when the row has none, as on a session object made without them.
 */
export function toSession(row: Row): AdapterSession {
  const session: AdapterSession = {
    sessionToken: String(row.sessionToken),
    userId: String(row.userId),
    expires: readDate(row.expires) as Date,
  };
  if (row.createdAt != null) session.createdAt = readDate(row.createdAt);
  if (row.lastSeenAt != null) session.lastSeenAt = readDate(row.lastSeenAt);
  if (row.userAgent != null) session.userAgent = String(row.userAgent);
  if (row.provider != null) session.provider = String(row.provider);
  if (row.idpSessionId != null) session.idpSessionId = String(row.idpSessionId);
  if (row.idToken != null) session.idToken = String(row.idToken);
  return session;
}

/** A verification token from its row. */
export function toVerificationToken(row: Row): VerificationToken {
  return {
    identifier: String(row.identifier),
    token: String(row.token),
    expires: readDate(row.expires) as Date,
  };
}

/** The authenticator row, ready to bind. */
export function authenticatorRow(authenticator: AdapterAuthenticator, dialect: SqlDialect): Row {
  return {
    credentialID: authenticator.credentialID,
    userId: authenticator.userId,
    providerAccountId: authenticator.providerAccountId,
    credentialPublicKey: authenticator.credentialPublicKey,
    counter: authenticator.counter,
    credentialDeviceType: authenticator.credentialDeviceType,
    credentialBackedUp: dialect.boolean(authenticator.credentialBackedUp),
    transports: authenticator.transports ?? null,
  };
}

/** An authenticator from its row. */
export function toAuthenticator(row: Row): AdapterAuthenticator {
  return {
    credentialID: String(row.credentialID),
    userId: String(row.userId),
    providerAccountId: String(row.providerAccountId),
    credentialPublicKey: String(row.credentialPublicKey),
    counter: readInteger(row.counter) ?? 0,
    credentialDeviceType: String(row.credentialDeviceType),
    credentialBackedUp: readBoolean(row.credentialBackedUp),
    transports: (row.transports as string | null | undefined) ?? null,
  };
}
