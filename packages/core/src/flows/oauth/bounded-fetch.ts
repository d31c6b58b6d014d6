/**
 * How much of an identity provider's answer Portcullis holds: the fetch every request to a
 * provider (or to a provider's API) goes through.
 */
import { discardBody } from "../../cancel-body";
import { readAtMost } from "../../http/request";

/**
 * The most bytes of one answer from an identity provider (or a provider's API) that Portcullis
 * reads. Discovery documents, key sets, token and userinfo answers are a few kilobytes; a mebibyte
 * leaves room for large group claims, while a hostile or broken provider can no longer make a
 * sign-in buffer and parse whatever it streams within the time-out.
 */
export const MAX_PROVIDER_ANSWER_BYTES = 1024 * 1024;

/** An identity provider's answer held more than {@link MAX_PROVIDER_ANSWER_BYTES}. */
export class ProviderAnswerTooLarge extends Error {
  /** @param url - Where the answer came from, for the log (origin and path only). */
  constructor(url: string) {
    super(`the answer from ${url} is larger than ${MAX_PROVIDER_ANSWER_BYTES} bytes`);
    this.name = "ProviderAnswerTooLarge";
  }
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch whose answers are read whole before they are handed on, and refused with
 * {@link ProviderAnswerTooLarge} past {@link MAX_PROVIDER_ANSWER_BYTES}, whether the provider
 * declared a larger Content-Length or streams past the limit. It sends through `fetcher` when
 * given (a provider's custom fetch), else through the global `fetch` as it is at call time (an app
 * or framework may patch it later). The request's abort signal still bounds the reading.
 *
 * @param fetcher - The provider's custom fetch; undefined for the global one.
 * @returns A fetch for requests to identity providers.
 * @example
 * ```ts
 * const response = await boundedFetch()("https://idp.example/.well-known/jwks.json")
 * ```
 */
export function boundedFetch(fetcher?: typeof fetch): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) =>
    readBounded(await (fetcher ?? fetch)(input, init), input)) as typeof fetch;
}

async function readBounded(response: Response, input: RequestInfo | URL): Promise<Response> {
  if (response.body === null) return response;
  const where = () => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return `${url.origin}${url.pathname}`;
  };
  if (Number(response.headers.get("content-length")) > MAX_PROVIDER_ANSWER_BYTES) {
    discardBody(response);
    throw new ProviderAnswerTooLarge(where());
  }
  const bytes = await readAtMost(response.body, MAX_PROVIDER_ANSWER_BYTES);
  if (bytes === null) throw new ProviderAnswerTooLarge(where());
  const { status, statusText, headers } = response;
  return new Response(NULL_BODY_STATUSES.has(status) ? null : bytes, { status, statusText, headers });
}
