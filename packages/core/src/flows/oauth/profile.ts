/**
 * From a provider's profile and tokens to the user and the account row: the default `profile`
 * and `account` callbacks, and the checks on what any `profile` callback returns. Those checks are
 * the one place where the provider's answer is typed: an identity provider may send anything in
 * its claims, and a user row, an adapter lookup or a unique index must never see an object, an
 * array or an empty address where a string belongs.
 */
import { idText } from "../../adapter/ids";
import { OAuthProfileParseError } from "../../errors";
import type { Account, InternalOAuthProvider, Profile, TokenSet, User } from "../../types";
import { lowerCaseAscii } from "../email/normalize";

/**
 * The default `profile` callback: `sub` (or `id`) becomes the id, `name` (or `nickname`, or
 * `preferred_username`) the name, `picture` the image. Values are passed on as the provider sent
 * them, and a claim the profile lacks stays out; {@link mapProfile} decides which are usable.
 *
 * @param profile - The ID token claims or the userinfo response.
 * @returns The user.
 * @example
 * ```ts
 * defaultProfile({ sub: "42", name: "Ada", email: "ada@example.com" }) // { id: "42", name: "Ada", ... }
 * ```
 */
export function defaultProfile(profile: Profile): User {
  return {
    // Not String()ed here: an object `sub` would become the id "[object Object]".
    id: (profile.sub ?? profile.id ?? undefined) as string | undefined,
    // Left undefined when the profile has none, as Auth.js leaves the key out: a session then
    // carries no `image` rather than `image: null`.
    name: (profile.name ?? profile.nickname ?? profile.preferred_username) as string | null | undefined,
    email: profile.email as string | null | undefined,
    image: profile.picture as string | null | undefined,
  };
}

/** The token fields the default `account` callback keeps, all of them text. */
const KEPT_TEXT = [
  "access_token",
  "id_token",
  "refresh_token",
  "scope",
  "token_type",
  "session_state",
] as const;

/**
 * The default `account` callback: keeps `access_token`, `id_token`, `refresh_token`,
 * `expires_at`, `scope`, `token_type` (lowercase) and `session_state`, and drops the rest. A
 * field of the wrong type (an object `session_state`, a text `expires_at`) is dropped too: it is
 * a broken answer, and the database column would refuse it, or keep it as garbage.
 *
 * @param tokens - The token set, with `expires_at` already computed.
 * @returns The subset stored on the account.
 * @example
 * ```ts
 * defaultAccount({ access_token: "at", token_type: "Bearer", expires_in: 3600, expires_at: 1_700_003_600 })
 * ```
 */
export function defaultAccount(tokens: TokenSet): TokenSet {
  const kept: TokenSet = {};
  for (const key of KEPT_TEXT) {
    const value = tokens[key];
    if (typeof value === "string" && !unstorable(value)) kept[key] = value;
  }
  if (Number.isSafeInteger(tokens.expires_at)) kept.expires_at = tokens.expires_at;
  if (typeof kept.token_type === "string") kept.token_type = kept.token_type.toLowerCase();
  return kept;
}

/** The user and the account a callback signs in with. */
export interface MappedProfile {
  user: User & { id: string };
  account: Account;
}

/**
 * Runs the provider's `profile` and `account` callbacks and builds the account:
 * `{...account(tokens), provider, type, providerAccountId}` where the id is the user's id as a
 * string. The id must be a non-empty string or a finite number. `name`, `email` and `image` are
 * kept only as strings (anything else becomes null); an empty email is null, as no address is
 * one, and the email's ASCII letters are lowercased, so the same address always finds the same
 * user; no other character is case-mapped, as `toLowerCase` would turn U+212A KELVIN SIGN into `k`
 * and another mailbox's address into this one.
 *
 * @param provider - The normalised provider.
 * @param profile - The ID token claims or the userinfo response.
 * @param tokens - The token set, with `expires_at`.
 * @returns The user and the account.
 * @throws {OAuthProfileParseError} When `profile` throws or returns no usable id.
 * @see SPEC.md, "Provider configuration" (profile, account)
 * @example
 * ```ts
 * const { user, account } = await mapProfile(provider, claims, tokens)
 * ```
 */
export async function mapProfile(
  provider: InternalOAuthProvider,
  profile: Profile,
  tokens: TokenSet,
): Promise<MappedProfile> {
  let user: User;
  try {
    user = await provider.profile(profile, tokens);
  } catch (error) {
    throw new OAuthProfileParseError(`The profile callback of "${provider.id}" threw.`, { cause: error });
  }
  const id = idText(user?.id);
  if (id === undefined) {
    throw new OAuthProfileParseError(
      `The profile of "${provider.id}" has no id (a non-empty string or a number): map the provider's user id to \`id\` in its profile callback.`,
    );
  }
  if (!storable(id, MAX_ID_LENGTH)) {
    throw new OAuthProfileParseError(
      `The profile of "${provider.id}" has an id no database keeps as given (over ${MAX_ID_LENGTH} characters, a NUL or an unpaired surrogate).`,
    );
  }
  const fields = textFields(user);
  if (typeof fields.email === "string" && !storable(fields.email, MAX_EMAIL_LENGTH)) {
    throw new OAuthProfileParseError(
      `The profile of "${provider.id}" has an email address no mailbox has (over ${MAX_EMAIL_LENGTH} characters, a NUL or an unpaired surrogate).`,
    );
  }
  const kept = provider.account(tokens) ?? {};
  const account: Account = {
    ...withoutUndefined(kept),
    provider: provider.id,
    type: provider.type,
    providerAccountId: id,
  };
  return { user: { ...user, ...fields, id }, account };
}

/** The longest provider user id kept: the account table's key column holds 255 characters on MySQL. */
const MAX_ID_LENGTH = 255;
/** The longest address kept: a longer one reaches no mailbox (RFC 5321). */
const MAX_EMAIL_LENGTH = 254;
/** The longest display name kept; a longer one is cut. */
const MAX_NAME_LENGTH = 1024;
/** The longest image URL kept (a MySQL `text` column's 64 KiB; data URLs are ASCII). */
const MAX_IMAGE_LENGTH = 65_535;
/** An unpaired surrogate: every driver stores it as U+FFFD, another string. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** Whether a string holds a NUL (PostgreSQL refuses it) or an unpaired surrogate. */
function unstorable(value: string): boolean {
  return value.includes("\u0000") || UNPAIRED_SURROGATE.test(value);
}

/**
 * Whether a string is kept by every database as given: not longer than `max`, without NUL or an
 * unpaired surrogate. Otherwise the same answer would succeed on one database and fail, or be
 * stored as another string, on the next.
 */
function storable(value: string, max: number): boolean {
  return value.length <= max && !unstorable(value);
}

/**
 * `name`, `email` and `image` as strings or null; a field the profile left out stays out. An
 * array email would otherwise reach `getUserByEmail` (an SQL driver may bind it as a list of
 * values), and "" would block the next address-less user at the unique index. Values no database
 * keeps as given are not stored: an image too long or holding a NUL or an unpaired surrogate
 * becomes null, and a name has those characters replaced and is cut at {@link MAX_NAME_LENGTH}.
 */
function textFields(user: User): Pick<User, "name" | "email" | "image"> {
  const fields: Pick<User, "name" | "email" | "image"> = {};
  for (const key of ["name", "email", "image"] as const) {
    const value: unknown = user[key];
    if (value !== undefined) fields[key] = typeof value === "string" ? value : null;
  }
  if (typeof fields.email === "string")
    fields.email = fields.email === "" ? null : lowerCaseAscii(fields.email);
  if (typeof fields.image === "string" && !storable(fields.image, MAX_IMAGE_LENGTH)) fields.image = null;
  if (typeof fields.name === "string")
    // Cut first: a cut through a surrogate pair leaves an unpaired one, replaced with the rest.
    fields.name = fields.name
      .slice(0, MAX_NAME_LENGTH)
      .split("\u0000")
      .join("\ufffd")
      .replace(/\p{Cs}/gu, "\ufffd");
  return fields;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
