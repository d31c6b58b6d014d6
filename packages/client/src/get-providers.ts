import { type ResolvedClient, resolveClient } from "./configure-client";
import { type ActionRequest, requestJson, unexpectedAnswer } from "./request-json";
import type { ClientOptions, PublicProvider } from "./types";

/**
 * Fetches the providers the server offers, keyed by id, from the `providers` action: what a
 * custom sign-in page needs to draw its buttons, and what `signIn` uses to pick the endpoint.
 *
 * @param options Client options for this call.
 * @returns The providers by id, or `null` when the server answers `null` (it lists none).
 * @throws ClientFetchError when the server is unreachable or answers with an error.
 * @see WIRE.md "Actions" (providers)
 * @example
 * ```ts
 * import { getProviders } from "@portcullis/client"
 * const providers = await getProviders()
 * for (const { id, name } of Object.values(providers ?? {})) console.log(id, name)
 * ```
 */
export async function getProviders(options?: ClientOptions): Promise<Record<string, PublicProvider> | null> {
  return fetchProviders(resolveClient(options), "getProviders");
}

/** {@link getProviders} for a resolved client, naming `operation` in errors. */
export async function fetchProviders(
  client: ResolvedClient,
  operation: string,
): Promise<Record<string, PublicProvider> | null> {
  const request: ActionRequest = { operation, method: "GET", action: "providers" };
  const answer = await requestJson(client, request);
  if (answer.ok && answer.body === null) return null;
  if (!answer.ok || typeof answer.body !== "object" || Array.isArray(answer.body)) {
    throw unexpectedAnswer(client, request, answer);
  }
  return answer.body as Record<string, PublicProvider>;
}
