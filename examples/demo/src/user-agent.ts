/**
 * A User-Agent header in plain words ("Firefox on Windows"), for the session list: people
 * recognise their devices by browser and system, not by the header's version soup.
 */

/**
 * Browsers by a token of their header, most specific first: Edge and Opera also say "Chrome",
 * and Chrome also says "Safari", so the order decides.
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Headless)?Chrome\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
];

/** Systems likewise: iPhones and iPads say "like Mac OS X", and Android says "Linux". */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(header: string, table: ReadonlyArray<readonly [RegExp, string]>): string | undefined {
  return table.find(([pattern]) => pattern.test(header))?.[1];
}

/**
 * Names the browser and system a User-Agent header stands for.
 *
 * @param header The header as the session store kept it; null when it kept none.
 * @returns e.g. "Chrome on Linux", "Safari" (system unknown), or "An unknown browser".
 * @example
 * ```ts
 * describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0")
 * // "Firefox on Windows"
 * ```
 */
export function describeUserAgent(header: string | null): string {
  if (!header) return "An unknown browser";
  const browser = firstMatch(header, BROWSERS);
  const system = firstMatch(header, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return "An unknown browser";
}
