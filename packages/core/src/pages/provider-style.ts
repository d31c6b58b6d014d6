/**
 * The validated look of one OAuth/OIDC provider button on the sign-in page.
 *
 * @module
 */
import type { OAuthProviderButtonStyles } from "../types";
import { readableTextColor } from "./contrast";
import { safeCssColor, safeImageUrl } from "./sanitize";

/** A provider button's validated style. */
export interface ProviderButtonStyle {
  /** CSS declarations for the button's class, or `""` when the provider has no usable color. */
  declarations: string;
  /** The logo URL, when the configured one is an http(s) URL or a same-origin path. */
  logo?: string;
}

/**
 * Validates a provider's button style. A brand color whose lightness can be read (hex, rgb(),
 * hsl()) fills the button, with white or near-black text chosen for contrast (or the deprecated
 * `text` color when given and valid); a color name only tints the border, because the page cannot
 * tell which text color would stay readable on it. Invalid colors and logos are dropped.
 *
 * @param style - the provider's `style` option (deprecated `bg` is read when `brandColor` is absent).
 * @returns CSS declarations and the logo.
 * @example
 * ```ts
 * resolveProviderStyle({ brandColor: "#24292f", logo: "https://example.com/gh.svg" }).declarations
 * // "--provider-bg:#24292f;--provider-text:#ffffff"
 * ```
 */
export function resolveProviderStyle(style: OAuthProviderButtonStyles | undefined): ProviderButtonStyle {
  const logo = safeImageUrl(style?.logo);
  const color = safeCssColor(style?.brandColor ?? style?.bg);
  const withLogo = logo === undefined ? {} : { logo };
  if (color === undefined) return { declarations: "", ...withLogo };
  const text = safeCssColor(style?.text) ?? readableTextColor(color);
  if (text === undefined) return { declarations: `--provider-border:${color}`, ...withLogo };
  // The border keeps the page's border color, so a button as light or as dark as the card stays visible.
  return { declarations: `--provider-bg:${color};--provider-text:${text}`, ...withLogo };
}
