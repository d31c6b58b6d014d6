/**
 * Bodies the library lets go of unread: an upstream answer it has no use for (a provider's API, an
 * email vendor's), a request body past the size limit, an app's answer to HEAD or to a client that
 * went away.
 *
 * Never awaited, because waiting could hang: when the body is one branch of a tee (what
 * `clone()` makes, and what Next.js's patched `fetch` hands out so it can cache the other branch),
 * cancelling it settles only once the other branch is read or cancelled too, which may be never.
 *
 * @module
 */

/**
 * Cancels a stream, or the reader holding it, without waiting; a refusal (a stream already closed
 * or locked) is ignored.
 *
 * @param body - The stream or reader, or nothing.
 * @example
 * ```ts
 * const reader = new Blob(["unread"]).stream().getReader()
 * cancelBody(reader)
 * ```
 */
export function cancelBody(body: { cancel(): Promise<void> } | null | undefined): void {
  body?.cancel().catch(() => undefined);
}

/**
 * Lets go of an answer's body without reading it, so its connection is released.
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
  if (!response.bodyUsed) cancelBody(response.body);
}
