/**
 * The document around every built-in page: doctype, head with the shared stylesheet, the logo
 * and the card that holds the page's content.
 *
 * @module
 */
import { html, type SafeHtml, trustedHtml } from "./html";
import type { PageLanguage } from "./language";
import { type ResolvedTheme, themeCss } from "./theme";

/** What {@link renderLayout} needs. */
export interface LayoutOptions {
  /** The document title (escaped). */
  title: string;
  /** A theme from `resolveTheme`. */
  theme: ResolvedTheme;
  /** The page's language, from `pageLanguage`: sets the document's `lang` and `dir`. */
  language: Pick<PageLanguage, "lang" | "dir">;
  /** The content of the card. */
  body: SafeHtml;
  /** Extra CSS rules built from validated values only. */
  extraCss?: string;
}

/**
 * Wraps page content in a complete HTML document with the theme's stylesheet and logo.
 *
 * @param options - title, resolved theme, language, card content and optional extra CSS.
 * @returns the whole document, starting with `<!DOCTYPE html>`.
 * @example
 * ```ts
 * const page = renderLayout({
 *   title: "Sign out",
 *   theme: resolveTheme({}),
 *   language: { lang: "en", dir: "ltr" },
 *   body: html`<h1>Sign out</h1>`,
 * });
 * ```
 */
export function renderLayout(options: LayoutOptions): string {
  const { title, theme, language, body, extraCss } = options;
  // The stylesheet holds only constant rules and colors that passed safeCssColor, which admits no
  // character able to end the <style> element, so it is inserted without escaping.
  const css = trustedHtml(themeCss(theme, extraCss));
  return html`<!DOCTYPE html>
<html lang="${language.lang}" dir="${language.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${theme.colorScheme === "auto" ? "light dark" : theme.colorScheme}">
<title>${title}</title>
<style>
${css}
</style>
</head>
<body>
<main>
${theme.logo !== undefined && html`<img class="logo" src="${theme.logo}" alt="" referrerpolicy="no-referrer">`}
<div class="card">
${body}
</div>
</main>
</body>
</html>
`.toString();
}
