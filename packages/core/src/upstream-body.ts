/**
 * Bodies of upstream answers (a provider's API, an email vendor's) that the library does not read.
 *
 * @module
 */

/**
 * Lets go of an answer's body without reading it, so its connection is released, and does not
 * wait for that. Waiting could hang: when the body is one branch of a tee (what `response.clone()`
 * makes, and what Next.js's patched `fetch` hands out so it can cache the other branch), cancelling
 * it settles only once the other branch is read or cancelled too, which may be never.
 *
 * @param response - An answer whose body is of no use.
 * @example
 * ```ts
 * async function profileOf(url: string): Promise<unknown> {
 *   const response = await fetch(url)
 *   if (!response.ok) {
 *     discardBody(response)
 *     return null
 *   }
 *   return response.json()
 * }
 * ```
 */
export function discardBody(response: Response): void {
  if (response.bodyUsed) return;
  response.body?.cancel().catch(() => undefined);
}
