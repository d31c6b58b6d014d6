/**
 * Which language a built-in page is written in, and the texts it uses.
 *
 * @module
 */
import type { Theme } from "../types";
import { preferredLanguages } from "./accept-language";
import { CATALOGUES, DEFAULT_LANGUAGE, type Messages } from "./messages";
import { en } from "./messages/en";

/** The language of one rendered page. */
export interface PageLanguage {
  /** The `lang` attribute of the document, e.g. `de` or the configured `pt-BR`. */
  lang: string;
  /** The writing direction of the document. */
  dir: "ltr" | "rtl";
  /** Every text of the pages, the chosen catalogue with the theme's overrides merged over it. */
  messages: Messages;
}

/** Languages written right to left, by language code: the shipped `ar` and ones an app may add. */
const RIGHT_TO_LEFT = new Set(["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"]);

/** A locale code as BCP 47 writes it: a language and optional subtags, such as `pt-BR`. */
const LOCALE_CODE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

const MESSAGE_KEYS = Object.keys(en) as (keyof Messages)[];

/**
 * Languages already resolved, per theme object. The configuration's theme is normalised once,
 * so each configuration merges each catalogue with its overrides at most once; a theme that is
 * dropped takes its entries with it.
 */
const resolved = new WeakMap<Theme, Map<string, PageLanguage>>();
const withoutTheme = new Map<string, PageLanguage>();

/**
 * Chooses the language of a built-in page: the theme's `locale` when it is a valid locale code,
 * else the first language of the `Accept-Language` header that has a catalogue, else English.
 * The theme's `messages` are merged over the chosen catalogue (only known keys with string
 * values count). A configured locale without a catalogue of its own starts from English, so an
 * app can supply a whole language through `messages`.
 *
 * @param theme - the configuration's theme.
 * @param acceptLanguage - the request's `Accept-Language` header, if any.
 * @returns the page's `lang`, `dir` and texts.
 * @example
 * ```ts
 * pageLanguage({}, "de-AT,de;q=0.9").messages.signOutButton // "Abmelden"
 * pageLanguage({ locale: "ar" }, "de").dir // "rtl"
 * ```
 */
export function pageLanguage(theme: Theme | undefined, acceptLanguage?: string | null): PageLanguage {
  const lang = chosenLocale(theme, acceptLanguage);
  let cache = theme === undefined ? withoutTheme : resolved.get(theme);
  if (cache === undefined) {
    cache = new Map();
    resolved.set(theme as Theme, cache);
  }
  let language = cache.get(lang);
  if (language === undefined) {
    language = buildLanguage(lang, theme?.messages);
    cache.set(lang, language);
  }
  return language;
}

function chosenLocale(theme: Theme | undefined, acceptLanguage: string | null | undefined): string {
  const configured = theme?.locale;
  if (typeof configured === "string" && LOCALE_CODE.test(configured)) return configured;
  return preferredLanguages(acceptLanguage).find((language) => CATALOGUES.has(language)) ?? DEFAULT_LANGUAGE;
}

function languageOf(locale: string): string {
  return locale.split("-")[0]?.toLowerCase() ?? "";
}

function buildLanguage(lang: string, overrides: Partial<Messages> | undefined): PageLanguage {
  const base = CATALOGUES.get(languageOf(lang)) ?? en;
  const messages: Record<string, string> = { ...base };
  // The overrides come from configuration that may hold anything at run time: only a known key
  // with a string value replaces a text, so a stray property cannot reach the page.
  for (const key of MESSAGE_KEYS) {
    const value = overrides !== undefined && Object.hasOwn(overrides, key) ? overrides[key] : undefined;
    if (typeof value === "string") messages[key] = value;
  }
  return {
    lang,
    dir: RIGHT_TO_LEFT.has(languageOf(lang)) ? "rtl" : "ltr",
    messages: Object.freeze(messages) as Messages,
  };
}
