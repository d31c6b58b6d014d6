/**
 * The message catalogues shipped with the built-in pages, one per language.
 *
 * @module
 */
import { ar } from "./ar";
import { de } from "./de";
import { en, type Messages } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";
import { ja } from "./ja";
import { ko } from "./ko";
import { nl } from "./nl";
import { pl } from "./pl";
import { pt } from "./pt";
import { zh } from "./zh";

export type { Messages } from "./en";

/**
 * Every shipped catalogue by lowercase language code (the part of a locale before the first
 * `-`). A Map, so a header naming `__proto__` or `constructor` finds nothing.
 *
 * @example
 * ```ts
 * CATALOGUES.get("de")?.signInTitle // "Anmelden"
 * ```
 */
export const CATALOGUES: ReadonlyMap<string, Messages> = new Map([
  ["en", en],
  ["de", de],
  ["fr", fr],
  ["es", es],
  ["pt", pt],
  ["it", it],
  ["nl", nl],
  ["pl", pl],
  ["ja", ja],
  ["zh", zh],
  ["ko", ko],
  ["ar", ar],
]);

/** The language used when nothing else matches, and whose keys every catalogue has. */
export const DEFAULT_LANGUAGE = "en";
