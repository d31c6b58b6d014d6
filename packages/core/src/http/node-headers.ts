/** Node's parsed headers as Web Headers. */
/**
 * Web `Headers` from the headers Node parsed (`IncomingMessage#headers`, as Express, Fastify and
 * Next.js's Pages Router hand them over): a header Node keeps as an array becomes one entry per
 * value, and names in `omit` (lowercase) are left out.
 *
 * @param headers Node's parsed headers.
 * @param omit Names not to copy, e.g. proxy headers the framework has judged already.
 * @returns New Headers. Never throws for headers Node accepted.
 * @example
 * ```ts
 * const headers = headersFromNode(req.headers, new Set(["x-forwarded-host"]))
 * ```
 */
export function headersFromNode(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  omit: ReadonlySet<string> = new Set(),
): Headers {
  const copied = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || omit.has(name)) continue;
    for (const item of typeof value === "string" ? [value] : value) copied.append(name, item);
  }
  return copied;
}
