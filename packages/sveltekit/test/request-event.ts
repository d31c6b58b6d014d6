/**
 * A SvelteKit RequestEvent made in process, as adapter-node builds one (`event.url` is the
 * request's URL, on the adapter's origin), for running `handle` and the form actions without
 * building the fixture app.
 */
import type { RequestEvent } from "@sveltejs/kit";
import { isHttpError, isRedirect } from "@sveltejs/kit";

/** A RequestEvent for `url`; its cookie jar is empty and ignores what is set. */
export function fakeEvent(url: string, init: RequestInit = {}): RequestEvent {
  const request = new Request(url, init);
  const cookies = {
    get: () => undefined,
    getAll: () => [],
    set: () => {},
    delete: () => {},
    serialize: () => "",
  };
  return {
    url: new URL(url),
    request,
    locals: {},
    cookies,
    params: {},
    route: { id: null },
    platform: undefined,
    setHeaders: () => {},
    getClientAddress: () => "127.0.0.1",
    isDataRequest: false,
    isSubRequest: false,
    fetch,
  } as unknown as RequestEvent;
}

/** A form POST as a browser sends it, with the page's Origin (SvelteKit's origin check passes). */
export function formPost(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): RequestEvent {
  return fakeEvent(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What a form action ended in: the redirect, SvelteKit's error(), or another throw. */
export type Outcome =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "http-error"; status: number; body: unknown }
  | { kind: "thrown"; error: unknown }
  | { kind: "returned"; value: unknown };

/** Runs a form action, answering how it ended instead of throwing. */
export async function outcomeOf(run: () => unknown): Promise<Outcome> {
  try {
    return { kind: "returned", value: await run() };
  } catch (error) {
    if (isRedirect(error)) return { kind: "redirect", status: error.status, location: error.location };
    if (isHttpError(error)) return { kind: "http-error", status: error.status, body: error.body };
    return { kind: "thrown", error };
  }
}
