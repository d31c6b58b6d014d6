/**
 * The translations of the built-in pages, one catalogue per language. `Auth` holds only English;
 * an app hands it the others it wants through `theme.languages`, so that an app that does not
 * does not bundle them.
 *
 * @module
 */
import { ar } from "./ar";
import { de } from "./de";
import { en } from "./en";
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
export { ar, de, en, es, fr, it, ja, ko, nl, pl, pt, zh };

/**
 * Every shipped translation by language code, English included, ready for `theme.languages`.
 *
 * @example
 * ```ts
 * const config: AuthConfig = { providers: [GitHub], theme: { languages } };
 * ```
 */
export const languages = { en, de, fr, es, pt, it, nl, pl, ja, zh, ko, ar } as const;
