/**
 * Picks a readable text color for a button whose background is a configured brand color, so a
 * light brand color gets dark text and a dark one gets white text.
 *
 * @module
 */

type Rgb = readonly [number, number, number];

const DARK_TEXT = "#111111";
const LIGHT_TEXT = "#ffffff";

function parseHex(color: string): Rgb | undefined {
  const digits = color.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return undefined;
  const byte = (at: number) => Number.parseInt(full.slice(at, at + 2), 16);
  return [byte(0), byte(2), byte(4)];
}

/** Reads an rgb()/hsl() argument: a number, or a percentage scaled to `percentOf`. */
function channel(part: string | undefined, percentOf: number): number {
  if (part === undefined) return Number.NaN;
  return part.endsWith("%") ? (Number.parseFloat(part) / 100) * percentOf : Number.parseFloat(part);
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

function parseFunction(color: string): Rgb | undefined {
  const match = /^(rgba?|hsla?)\((.*)\)$/i.exec(color);
  if (!match?.[1] || match[2] === undefined) return undefined;
  const parts = match[2].split(/[ ,]+/).filter(Boolean);
  const rgb: Rgb = match[1].toLowerCase().startsWith("rgb")
    ? [channel(parts[0], 255), channel(parts[1], 255), channel(parts[2], 255)]
    : hslToRgb(((channel(parts[0], 360) % 360) + 360) % 360, channel(parts[1], 1), channel(parts[2], 1));
  return rgb.every(Number.isFinite) ? rgb : undefined;
}

/** WCAG 2 relative luminance of an sRGB color. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = Math.min(Math.max(c, 0), 255) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * Returns the text color (white or near-black) with the higher WCAG contrast against a
 * background color, or `undefined` when the color cannot be read (a color name, for instance).
 * Alpha is ignored.
 *
 * @param background - a color already accepted by `safeCssColor`: hex, rgb() or hsl().
 * @returns `"#ffffff"`, `"#111111"` or `undefined`.
 * @example
 * ```ts
 * readableTextColor("#24292f") // "#ffffff"
 * readableTextColor("#ffd700") // "#111111"
 * ```
 */
export function readableTextColor(background: string): string | undefined {
  const rgb = background.startsWith("#") ? parseHex(background) : parseFunction(background);
  if (rgb === undefined) return undefined;
  const l = luminance(rgb);
  const onLight = (l + 0.05) / (luminance([17, 17, 17]) + 0.05);
  const onDark = 1.05 / (l + 0.05);
  return onDark >= onLight ? LIGHT_TEXT : DARK_TEXT;
}
