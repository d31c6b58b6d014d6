/**
 * How rows are written into Redis hashes and read back: one hash field per property, each value
 * JSON-encoded so that null, numbers and booleans come back as they went in, and dates as
 * milliseconds since the epoch so they come back as `Date`s. Reading checks the fields every
 * caller relies on, so a hash another program wrote badly is reported with its key instead of
 * reaching a flow with undefined fields.
 *
 * @module
 */
import { isDate } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";

/** What a checked field must hold. */
type Kind = "string" | "number" | "boolean" | "date";

/** A checked field: its kind, whether null is allowed, and whether it must be present. */
interface FieldRule {
  kind: Kind;
  nullable?: boolean;
  optional?: boolean;
}

/**
 * The checked fields of one kind of row. Other fields (an app's own user columns, a provider's
 * extra token fields) are stored and answered as they are.
 */
export interface Shape {
  /** Named in error messages: "user", "session", ... */
  name: string;
  fields: Record<string, FieldRule>;
}

const str: FieldRule = { kind: "string" };
const maybeStr: FieldRule = { kind: "string", nullable: true, optional: true };
const maybeDate: FieldRule = { kind: "date", nullable: true, optional: true };

/** Users: `emailVerified` is a date; `email` may be null, as in a SQL schema. */
export const USER: Shape = {
  name: "user",
  fields: {
    id: str,
    email: { kind: "string", nullable: true, optional: true },
    emailVerified: maybeDate,
    name: maybeStr,
    image: maybeStr,
  },
};

/** Accounts: the link fields are required; `expires_at` is seconds since the epoch. */
export const ACCOUNT: Shape = {
  name: "account",
  fields: {
    userId: str,
    type: str,
    provider: str,
    providerAccountId: str,
    expires_at: { kind: "number", nullable: true, optional: true },
  },
};

/** Database sessions with the optional details the core records. */
export const SESSION: Shape = {
  name: "session",
  fields: {
    sessionToken: str,
    userId: str,
    expires: { kind: "date" },
    createdAt: maybeDate,
    lastSeenAt: maybeDate,
    userAgent: maybeStr,
  },
};

/** Email verification tokens. */
export const VERIFICATION_TOKEN: Shape = {
  name: "verification token",
  fields: { identifier: str, token: str, expires: { kind: "date" } },
};

/** WebAuthn authenticators. */
export const AUTHENTICATOR: Shape = {
  name: "authenticator",
  fields: {
    credentialID: str,
    userId: str,
    providerAccountId: str,
    credentialPublicKey: str,
    counter: { kind: "number" },
    credentialBackedUp: { kind: "boolean" },
    credentialDeviceType: str,
    transports: maybeStr,
  },
};

/**
 * A row as the flat field/value list HSET takes. Undefined properties are left out (they mean
 * "not given"); dates of the shape's date fields become milliseconds.
 *
 * @param shape Which fields are dates.
 * @param row The row or the changed part of it.
 * @returns `[field, value, field, value, ...]`.
 * @example
 * const pairs = encodeRow(SESSION, { sessionToken: "t", userId: "u", expires: new Date() });
 */
export function encodeRow(shape: Shape, row: object): string[] {
  const pairs: string[] = [];
  for (const [field, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const stored = shape.fields[field]?.kind === "date" && isDate(value) ? value.getTime() : value;
    pairs.push(field, JSON.stringify(stored));
  }
  return pairs;
}

/** The error for a hash whose content is not a row of `shape`, naming the key and the field. */
function malformed(key: string, shape: Shape, problem: string): AdapterError {
  return new AdapterError(`The Redis hash ${key} is not a valid ${shape.name}: ${problem}.`);
}

/** Whether a decoded value is of the kind a rule asks for (dates are stored as numbers). */
function hasKind(value: unknown, kind: Kind): boolean {
  if (kind === "date") return typeof value === "number" && Number.isFinite(value);
  return typeof value === kind;
}

/**
 * Reads a hash back into a row, checking the shape's fields.
 *
 * @param key The hash's key, for the error message.
 * @param shape The expected row.
 * @param flat What HGETALL answered: a flat list (from a script) or an object (from ioredis).
 * @returns The row, or null for an empty hash (no such key).
 * @throws {AdapterError} Naming the key when a field is not JSON, a checked field has the wrong
 * type, or a required field is missing.
 * @example
 * const user = decodeRow<AdapterUser>("app:user:1", USER, await client.hgetall("app:user:1"));
 */
export function decodeRow<T>(key: string, shape: Shape, flat: string[] | Record<string, string>): T | null {
  const entries = Array.isArray(flat) ? pairsOf(flat) : Object.entries(flat);
  if (entries.length === 0) return null;
  const row: Record<string, unknown> = {};
  for (const [field, raw] of entries) {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw malformed(key, shape, `field "${field}" is not JSON`);
    }
    const rule = shape.fields[field];
    if (rule && !(value === null && rule.nullable) && !hasKind(value, rule.kind)) {
      throw malformed(
        key,
        shape,
        `field "${field}" is not a ${rule.nullable ? `${rule.kind} or null` : rule.kind}`,
      );
    }
    row[field] = rule?.kind === "date" && value !== null ? new Date(value as number) : value;
  }
  for (const [field, rule] of Object.entries(shape.fields)) {
    if (!rule.optional && !(field in row)) throw malformed(key, shape, `field "${field}" is missing`);
  }
  return row as T;
}

/** `[a, 1, b, 2]` as `[[a, 1], [b, 2]]`. */
function pairsOf(flat: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i] as string, flat[i + 1] as string]);
  return pairs;
}
