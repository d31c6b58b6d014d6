/**
 * Translations of the built-in pages and of the default magic-link mail. `Auth` speaks English;
 * give it more languages through `theme.languages`, all of them or the ones your visitors use:
 *
 * ```ts
 * import { languages } from "@portcullis/core/languages";
 * const config: AuthConfig = { providers: [GitHub], theme: { languages } };
 * ```
 *
 * @module
 */
export { ar, de, en, es, fr, it, ja, ko, languages, type Messages, nl, pl, pt, zh } from "./pages/messages";
