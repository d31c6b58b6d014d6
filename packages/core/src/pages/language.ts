/**
 * Which language a built-in page is written in, and the texts it uses.
 *
 * @module
 */
import type { Theme } from "../types";
import { preferredLanguages } from "./accept-language";
import { en, type Messages } from "./messages/en";

/** The language of one rendered page. */
export interface PageLanguage {
  /** The `lang` attribute of the document, e.g. `de` or the configured `pt-BR`. */
  lang: string;
  /** The writing direction of the document. */
  dir: "ltr" | "rtl";
  /** Every text of the pages, the chosen catalogue with the theme's overrides merged over it. */
  messages: Messages;
}

/** Languages written right to left, by language code: `ar` and others an app may add. */
const RIGHT_TO_LEFT = new Set(["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"]);

/** A locale code as BCP 47 writes it: a language and optional subtags, such as `pt-BR`. */
const LOCALE_CODE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

const MESSAGE_KEYS = Object.keys(en) as (keyof Messages)[];

/** A language code as `theme.languages` keys it, lowercased: `de`, `pt`, `zh`. */
const LANGUAGE_CODE = /^[a-z]{1,8}$/;

/** One theme's catalogues by lowercase language code, and the pages already resolved from them. */
interface ThemeLanguages {
  catalogues: Map<string, Partial<Messages>>;
  /** The language every page is in when the theme fixes one (`locale`), else undefined. */
  fixed: string | undefined;
  /** Whether the theme names a language it gave no texts for (see {@link languageUnavailable}). */
  unavailable: boolean;
  pages: Map<string, PageLanguage>;
}

/**
 * Catalogues and resolved pages, per theme object. The configuration's theme is normalised once,
 * so each configuration reads its languages and merges each with its overrides at most once; a
 * theme that is dropped takes its entries with it.
 */
const resolved = new WeakMap<Theme, ThemeLanguages>();
const withoutTheme: ThemeLanguages = {
  catalogues: new Map([["en", en]]),
  fixed: undefined,
  unavailable: false,
  pages: new Map(),
};

/**
 * Chooses the language of a built-in page: the theme's `locale` when it is a valid locale code,
 * else the first language of the `Accept-Language` header that is English or one of the theme's
 * `languages`, else English. The chosen catalogue is laid over English (so a partial one still
 * has every text) and the theme's `messages` over that; only known keys with string values count.
 *
 * @param theme - the configuration's theme.
 * @param acceptLanguage - the request's `Accept-Language` header, if any.
 * @returns the page's `lang`, `dir` and texts.
 * @example
 * ```ts
 * pageLanguage({ languages: { de } }, "de-AT,de;q=0.9").messages.signOutButton // "Abmelden"
 * pageLanguage({ languages: { ar }, locale: "ar" }, "de").dir // "rtl"
 * ```
 */
export function pageLanguage(theme: Theme | undefined, acceptLanguage?: string | null): PageLanguage {
  const languages = languagesOf(theme);
  const lang =
    languages.fixed ??
    preferredLanguages(acceptLanguage).find((language) => languages.catalogues.has(language)) ??
    "en";
  let language = languages.pages.get(lang);
  if (language === undefined) {
    language = buildLanguage(lang, languages.catalogues.get(languageOf(lang)), theme?.messages);
    languages.pages.set(lang, language);
  }
  return language;
}

/**
 * The theme's catalogues by lowercase language code, English among them. The theme comes from
 * configuration that may hold anything at run time: only own keys that are language codes, with
 * object values, count. A Map, so a header naming `__proto__` or `constructor` finds nothing.
 */
function languagesOf(theme: Theme | undefined): ThemeLanguages {
  if (theme === undefined) return withoutTheme;
  let languages = resolved.get(theme);
  if (languages === undefined) {
    const catalogues = new Map<string, Partial<Messages>>([["en", en]]);
    let badCode = false;
    const given: unknown = theme.languages;
    if (typeof given === "object" && given !== null) {
      for (const [code, catalogue] of Object.entries(given)) {
        const key = code.toLowerCase();
        if (!LANGUAGE_CODE.test(key)) badCode = true;
        else if (typeof catalogue === "object" && catalogue !== null) {
          catalogues.set(key, catalogue as Partial<Messages>);
        }
      }
    }
    const fixed = fixedLocale(theme, catalogues);
    const unavailable = badCode || (fixed !== undefined && fixed !== theme.locale);
    languages = { catalogues, fixed, unavailable, pages: new Map() };
    resolved.set(theme, languages);
  }
  return languages;
}

/**
 * Whether the theme names a language the pages cannot speak: a `locale` whose language has no
 * catalogue among `languages` (and no `messages` to supply it), or a `languages` key that is not
 * a language code. Read once per configuration, to warn at start-up.
 *
 * @param theme - the configuration's theme.
 * @returns true when the app should hear about it.
 * @example
 * ```ts
 * languageUnavailable({ locale: "de" }) // true: German was not given
 * languageUnavailable({ locale: "de", languages: { de } }) // false
 * ```
 */
export function languageUnavailable(theme: Theme | undefined): boolean {
  return languagesOf(theme).unavailable;
}

/** Whether `messages` replaces at least one text. */
function hasOverrides(overrides: Partial<Messages> | undefined): boolean {
  return (
    typeof overrides === "object" &&
    overrides !== null &&
    MESSAGE_KEYS.some((key) => Object.hasOwn(overrides, key) && typeof overrides[key] === "string")
  );
}

/**
 * The theme's `locale`, when it is a valid locale code. A language the app gave no texts for is
 * shown as what it is, English, not labelled as another language (and laid out right to left
 * for Arabic) around English texts.
 */
function fixedLocale(theme: Theme, catalogues: ReadonlyMap<string, Partial<Messages>>): string | undefined {
  const configured = theme.locale;
  if (typeof configured !== "string" || !LOCALE_CODE.test(configured)) return undefined;
  return catalogues.has(languageOf(configured)) || hasOverrides(theme.messages) ? configured : "en";
}

function languageOf(locale: string): string {
  return locale.split("-")[0]?.toLowerCase() ?? "";
}

function buildLanguage(
  lang: string,
  catalogue: Partial<Messages> | undefined,
  overrides: Partial<Messages> | undefined,
): PageLanguage {
  const messages: Record<string, string> = { ...en };
  // Catalogues and overrides come from configuration that may hold anything at run time: only a
  // known key with a string value replaces a text, so a stray property cannot reach the page.
  for (const layer of [catalogue, overrides]) {
    if (layer === undefined) continue;
    for (const key of MESSAGE_KEYS) {
      const value = Object.hasOwn(layer, key) ? layer[key] : undefined;
      if (typeof value === "string") messages[key] = value;
    }
  }
  return {
    lang,
    dir: RIGHT_TO_LEFT.has(languageOf(lang)) ? "rtl" : "ltr",
    messages: Object.freeze(messages) as Messages,
  };
}
