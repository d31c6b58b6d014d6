/**
 * Test helpers for provider factories: a loopback HTTP server that plays a provider's API and
 * records what it received, and the normalised provider a custom request handler is given.
 */
import type { EndpointHandler, InternalOAuthProvider, OAuth2Config } from "@portcullis/core/types";
import { type ServedApp, serve } from "@portcullis/testkit";

/** One request the stub API received. */
export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: Headers;
  body: string;
}

/** Answers one route of the stub API; gets the request body already read. */
export type Route = (body: string, request: Request) => Response | Promise<Response>;

/** A running stub API and the requests it received, in order. */
export interface StubApi extends ServedApp {
  received: ReceivedRequest[];
}

/**
 * Serves `routes` (keyed `"METHOD /path"`, query ignored) on 127.0.0.1 at a free port; any other
 * request gets a 404.
 */
export async function startApi(routes: Record<string, Route>): Promise<StubApi> {
  const received: ReceivedRequest[] = [];
  const app = await serve(async (request) => {
    const url = new URL(request.url);
    const body = await request.text();
    received.push({
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body,
    });
    const route = routes[`${request.method} ${url.pathname}`];
    return route ? route(body, request) : new Response("not found", { status: 404 });
  });
  return Object.assign(app, { received });
}

type AnyEndpoint = string | EndpointHandler<Record<string, string>, never, unknown> | undefined;

/** The endpoint as an object, whether the config gave a string or a handler. */
export function endpointOf<E extends AnyEndpoint>(endpoint: E): Exclude<E, string | undefined> {
  if (endpoint === undefined) throw new Error("endpoint missing");
  return (typeof endpoint === "string" ? { url: endpoint } : endpoint) as Exclude<E, string | undefined>;
}

/**
 * The normalised provider the core hands to custom `token.request` / `userinfo.request`
 * handlers: endpoints as URL objects, with the callback URL the token exchange repeats.
 */
export function internalProvider(config: OAuth2Config<never>): InternalOAuthProvider {
  const toUrl = (url: string | URL | undefined) => (url === undefined ? undefined : new URL(String(url)));
  const token = endpointOf(config.token);
  const userinfo = endpointOf(config.userinfo);
  return {
    id: config.id,
    name: config.name,
    type: config.type,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    callbackUrl: `https://app.example/auth/callback/${config.id}`,
    token: { url: toUrl(token.url), request: token.request },
    userinfo: { url: toUrl(userinfo.url), request: userinfo.request },
    checks: config.checks ?? ["pkce"],
    profile: () => ({}),
    account: (tokens) => tokens,
  };
}
