/**
 * The credentials limit's fold of an identifier: every spelling that a case- and
 * accent-insensitive user lookup finds one account under must count as one, or each spelling
 * would be a fresh allowance of guesses at that account's password. Such lookups compare by the
 * Unicode Collation Algorithm at primary strength (MySQL's and MariaDB's `*_unicode_ci` and
 * `*_ai_ci` collations, PostgreSQL's nondeterministic ICU `und-u-ks-level1`/`level2`), so the
 * fold asks the same algorithm, through the runtime's `Intl.Collator`, about each character
 * that is not a plain ASCII letter or digit: whether the collation ignores it (`\u200B`, the
 * Arabic tatweel, combining marks), or takes it for a letter or digit (`🅐`, `ł`, `١`, `ͤ`) or
 * two (`æ`, `ꜳ`, `⓫`).
 *
 * @module
 */

/**
 * Characters of a folded identifier that count: two long names sharing a prefix share a count,
 * which only errs on the strict side.
 */
const MAX_FOLDED_LENGTH = 256;
/**
 * The longest identifier folded, in UTF-16 code units: the fold's work per character is bounded,
 * and this bounds the characters. A longer one is no name anybody has: all of them count as one
 * ({@link TOO_LONG}), so padding (say with characters a lookup ignores) can neither push a name out
 * of what is folded nor make fresh counts.
 */
const MAX_INPUT_LENGTH = 4 * MAX_FOLDED_LENGTH;
/** What every identifier longer than {@link MAX_INPUT_LENGTH} counts as; no fold gives `#`. */
const TOO_LONG = "#too-long";

/**
 * Equalities of older collations that today's root collation no longer has: MariaDB's
 * `utf8mb4_unicode_ci` (UCA 4.0) weighs the Bengali currency numerators as the digits 1 to 4.
 */
const OLDER_COLLATIONS: Readonly<Record<string, string>> = {
  "\u09F4": "1",
  "\u09F5": "2",
  "\u09F6": "3",
  "\u09F7": "4",
};

/** Plain ASCII letters and digits, which fold to themselves. */
const PLAIN = /^[a-z0-9]$/;

let collator: Intl.Collator | undefined;
/** What an identifier's characters are counted as, by character; bounded, cleared when full. */
const folded = new Map<string, string>();
const MAX_REMEMBERED = 4096;
/** The ASCII letters and digits, and the pairs and numbers 10 to 20 a character may stand for. */
let targets: string[] | undefined;

/** ICU's root collation at primary strength, made once. */
function rootCollator(): Intl.Collator {
  collator ??= new Intl.Collator("und", { sensitivity: "base" });
  return collator;
}

/**
 * Everything a character may be taken for, in the collation's order, so one is found by binary
 * search: each letter and digit, each pair of letters (`æ` is `ae`, `ꜳ` is `aa`), each pair of
 * digits (`⓫` is `11`). Sorted once, at the first character that needs it.
 */
function sortedTargets(): string[] {
  if (targets) return targets;
  const singles = [..."abcdefghijklmnopqrstuvwxyz0123456789"];
  const letters = singles.slice(0, 26);
  const digits = singles.slice(26);
  const pairs = [
    ...letters.flatMap((a) => letters.map((b) => a + b)),
    ...digits.flatMap((a) => digits.map((b) => a + b)),
  ];
  targets = [...singles, ...pairs].sort(rootCollator().compare);
  return targets;
}

/** The target a character equals under the collation, if any. */
function equalTarget(character: string): string | undefined {
  const compare = rootCollator().compare;
  const sorted = sortedTargets();
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = compare(character, sorted[middle]!);
    if (order === 0) return sorted[middle];
    if (order < 0) high = middle - 1;
    else low = middle + 1;
  }
  return undefined;
}

/**
 * What one character (after NFKD and case folding) counts as under the collation: nothing when it
 * ignores the character between two letters; the letters or digits it equals; the character
 * itself when it is a letter or digit of its own (another script's); else nothing (punctuation,
 * symbols, spaces: leaving them out only makes `a.lice` and `alice` share a count, the strict
 * side).
 */
function collated(character: string): string {
  if (PLAIN.test(character)) return character;
  const older = OLDER_COLLATIONS[character];
  if (older !== undefined) return older;
  if (rootCollator().compare(`a${character}b`, "ab") === 0) return "";
  return equalTarget(character) ?? (/^[\p{L}\p{N}]$/u.test(character) ? character : "");
}

/**
 * What one character of the NFKD form counts as, remembered. A combining mark goes to the
 * collation as it is: case folding would make some of them letters (U+0345 becomes `ι`). Any
 * other is case folded first (lower, upper, then lower case again, so `ẞ`, `ß` and `SS` all
 * count as `ss` and a dotless `ı` as `i`), which may give more than one character.
 */
function foldCharacter(character: string): string {
  const known = folded.get(character);
  if (known !== undefined) return known;
  const cased = /^\p{M}$/u.test(character)
    ? character
    : character.toLowerCase().toUpperCase().toLowerCase().normalize("NFKD");
  let answer = "";
  for (const part of cased) answer += collated(part);
  if (folded.size >= MAX_REMEMBERED) folded.clear();
  folded.set(character, answer);
  return answer;
}

/**
 * An identifier as the credentials limit counts it: compatibility forms taken apart (NFKD), each
 * character case folded and then folded as the root collation at primary strength takes it (see
 * {@link foldCharacter}).
 *
 * @param text The submitted identifier.
 * @returns Its folded form.
 * @example
 * ```ts
 * foldedIdentifier(" Ali\u200Bcé ") // "alice"
 * foldedIdentifier("\u{1F150}lice") // "alice"
 * ```
 */
export function foldedIdentifier(text: string): string {
  if (text.length > MAX_INPUT_LENGTH) return TOO_LONG;
  let result = "";
  for (const character of text.normalize("NFKD")) {
    result += PLAIN.test(character) ? character : foldCharacter(character);
    if (result.length >= MAX_FOLDED_LENGTH) break;
  }
  return result.slice(0, MAX_FOLDED_LENGTH);
}
