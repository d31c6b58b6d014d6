/**
 * The demo's icon: a small portcullis drawn in SVG, served at /favicon.ico so that browsers find
 * it on every page, the core's sign-in pages included, without a link of their own.
 */

/** The icon's markup: a gate in the brand colour, readable at 16 pixels. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#4f46e5"/>
<path d="M7 27V11a9 9 0 0 1 18 0v16" fill="none" stroke="#fff" stroke-width="2.5"/>
<path d="M12 7v20M16 5v22M20 7v20M8 14h16M8 20h16" stroke="#fff" stroke-width="1.75"/>
</svg>`;

/**
 * The icon as a response. Browsers accept an SVG under the .ico name when the type says so.
 *
 * @returns A 200 with the SVG, cacheable for a day.
 * @example
 * ```ts
 * if (pathname === "/favicon.ico") return faviconResponse();
 * ```
 */
export function faviconResponse(): Response {
  return new Response(FAVICON_SVG, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
