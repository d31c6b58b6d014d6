/**
 * Reading the `Accept-Language` request header.
 *
 * @module
 */

/**
 * A browser sends a handful of ranges; anything far beyond that is not a browser, and reading
 * only the first ones keeps the work per request bounded whatever the header holds.
 */
const MAX_RANGES = 32;

const QUALITY = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i;

/**
 * Lists the language parts of an `Accept-Language` header, most preferred first: each range's
 * text before the first `-`, lowercased, ordered by q-value (ties keep header order). Ranges with
 * `q=0`, a malformed q-value, or `*` are left out, as is anything that is not letters.
 *
 * @param header - the header's value, or null when absent.
 * @returns the languages in order of preference, without repeats.
 * @example
 * ```ts
 * preferredLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") // ["fr", "en", "de"]
 * ```
 */
export function preferredLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: { language: string; quality: number; order: number }[] = [];
  for (const [order, part] of header.split(",", MAX_RANGES).entries()) {
    const [tag = "", ...params] = part.split(";").map((piece) => piece.trim());
    const language = tag.split("-")[0]?.toLowerCase() ?? "";
    if (!/^[a-z]{1,8}$/.test(language)) continue;
    const quality = qualityOf(params);
    if (quality === undefined || quality <= 0) continue;
    ranges.push({ language, quality, order });
  }
  ranges.sort((a, b) => b.quality - a.quality || a.order - b.order);
  return [...new Set(ranges.map((range) => range.language))];
}

/** The q-value among a range's parameters: 1 when absent, undefined when malformed. */
function qualityOf(params: string[]): number | undefined {
  const q = params.find((param) => /^q=/i.test(param));
  if (q === undefined) return 1;
  return QUALITY.test(q) ? Number(q.slice(2)) : undefined;
}
