/**
 * The look of the built-in pages: the configured {@link Theme} reduced to validated values, and
 * the one inline stylesheet every page shares.
 *
 * @module
 */
import type { Theme } from "../types";
import { readableTextColor } from "./contrast";
import { safeCssColor, safeImageUrl } from "./sanitize";

/** A {@link Theme} whose values have been validated and defaulted; safe to put into CSS and HTML. */
export interface ResolvedTheme {
  colorScheme: "auto" | "light" | "dark";
  brandColor: string;
  buttonText: string;
  logo?: string;
}

const DEFAULT_BRAND = "#2f5bd3";

/**
 * Validates a theme: an unknown `colorScheme` becomes `auto`, a `brandColor` or `buttonText` that
 * is not a plain color is replaced by the default, and a `logo` that is not an http(s) URL or a
 * same-origin path is dropped. Without `buttonText`, white or near-black is chosen for contrast
 * against the brand color.
 *
 * @param theme - the `theme` option of the configuration (may hold anything at run time).
 * @returns the validated theme.
 * @example
 * ```ts
 * resolveTheme({ brandColor: "red;}</style>" }).brandColor // "#2f5bd3"
 * ```
 */
export function resolveTheme(theme: Theme | undefined): ResolvedTheme {
  const scheme = theme?.colorScheme;
  const brandColor = safeCssColor(theme?.brandColor) ?? DEFAULT_BRAND;
  const buttonText = safeCssColor(theme?.buttonText) ?? readableTextColor(brandColor) ?? "#ffffff";
  const logo = safeImageUrl(theme?.logo);
  return {
    colorScheme: scheme === "light" || scheme === "dark" ? scheme : "auto",
    brandColor,
    buttonText,
    ...(logo === undefined ? {} : { logo }),
  };
}

const LIGHT = `--bg:#f3f4f7;--card:#ffffff;--text:#1b1e24;--muted:#555c69;--border:#d5d9e0;--input:#ffffff;\
--alert-bg:#fdeded;--alert-text:#7d1a1a;--alert-border:#f1b8b8;color-scheme:light`;
const DARK = `--bg:#101217;--card:#1a1d24;--text:#e7e9ee;--muted:#a5acb8;--border:#353a46;--input:#13151a;\
--alert-bg:#3b1818;--alert-text:#ffd0d0;--alert-border:#6e2c2c;color-scheme:dark`;

const BASE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:2rem 1rem;\
background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:24rem}
.logo{display:block;max-width:10rem;max-height:5rem;margin:0 auto 1.5rem}
.card{background:var(--card);border:1px solid var(--border);border-top:4px solid var(--brand);border-radius:.75rem;\
padding:2rem 1.5rem;box-shadow:0 2px 8px rgba(0,0,0,.06)}
h1{margin:0 0 1rem;font-size:1.375rem;line-height:1.3;text-align:center}
p{margin:0 0 1rem}
.muted{color:var(--muted)}
.center{text-align:center}
a{color:inherit;text-decoration-color:var(--brand);text-decoration-thickness:2px;text-underline-offset:3px}
form{display:flex;flex-direction:column;gap:.875rem;margin:0}
.field{display:flex;flex-direction:column;gap:.375rem}
label{font-size:.875rem;font-weight:600}
input{width:100%;padding:.625rem .75rem;font:inherit;color:var(--text);background:var(--input);\
border:1px solid var(--border);border-radius:.5rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
.button{display:flex;align-items:center;justify-content:center;gap:.625rem;width:100%;min-height:2.75rem;\
padding:.625rem 1rem;font:inherit;font-weight:600;line-height:1.25;text-align:center;text-decoration:none;cursor:pointer;\
background:var(--brand);color:var(--brand-text);border:1px solid var(--brand);border-radius:.5rem}
.button:hover{filter:brightness(1.08)}
.button.provider{background:var(--provider-bg,var(--card));color:var(--provider-text,var(--text));\
border-color:var(--provider-border,var(--border))}
.button img,.button svg{width:1.25rem;height:1.25rem;flex:none}
.divider{display:flex;align-items:center;gap:.75rem;margin:1.25rem 0;color:var(--muted);font-size:.875rem}
.divider::before,.divider::after{content:"";flex:1;border-top:1px solid var(--border)}
.alert{margin:0 0 1.25rem;padding:.75rem 1rem;font-size:.9375rem;color:var(--alert-text);background:var(--alert-bg);\
border:1px solid var(--alert-border);border-radius:.5rem}
@media (max-width:30rem){body{padding:1rem .75rem}.card{padding:1.5rem 1rem}}`;

function schemeCss(scheme: ResolvedTheme["colorScheme"]): string {
  if (scheme === "light") return `:root{${LIGHT}}`;
  if (scheme === "dark") return `:root{${DARK}}`;
  return `:root{${LIGHT}}\n@media (prefers-color-scheme:dark){:root{${DARK}}}`;
}

/**
 * Builds the shared stylesheet of the built-in pages from a resolved theme: a centered card,
 * light/dark colors following `colorScheme` (`auto` follows the `prefers-color-scheme` media
 * query), and the brand color on buttons, the card's top edge, link underlines and focus rings.
 *
 * @param theme - a theme from {@link resolveTheme}; its colors are interpolated into CSS, so it
 *   must not be built by hand from unvalidated input.
 * @param extra - further rules for one page (built from validated values only).
 * @returns the CSS text for a `<style>` element.
 * @example
 * ```ts
 * const css = themeCss(resolveTheme({ colorScheme: "dark", brandColor: "#0a7" }));
 * ```
 */
export function themeCss(theme: ResolvedTheme, extra = ""): string {
  const brand = `:root{--brand:${theme.brandColor};--brand-text:${theme.buttonText}}`;
  return [schemeCss(theme.colorScheme), brand, BASE, extra].filter(Boolean).join("\n");
}
