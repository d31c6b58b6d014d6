/**
 * An HTTP client for tests that drives a handler the way a browser would: it keeps a cookie jar,
 * sends cookies back, and never follows redirects (tests assert on them).
 */

/** A cookie as a browser keeps it. */
export interface JarCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** Parses one Set-Cookie header value. */
export function parseSetCookie(header: string): JarCookie {
  const [pair = "", ...attrs] = header.split(";");
  const eq = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const attr of attrs) {
    const i = attr.indexOf("=");
    const key = (i < 0 ? attr : attr.slice(0, i)).trim().toLowerCase();
    if (key) attributes[key] = i < 0 ? true : attr.slice(i + 1).trim();
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/** A minimal cookie jar: stores, replaces and deletes (Max-Age<=0 or past Expires) by name. */
export class CookieJar {
  readonly cookies = new Map<string, JarCookie>();

  /** @param now The jar's clock (ms), for tests that freeze the server's clock too. */
  constructor(readonly now: () => number = Date.now) {}

  /** Applies the Set-Cookie headers of a response. */
  update(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      const maxAge = cookie.attributes["max-age"];
      const expires = cookie.attributes.expires;
      const expired =
        (typeof maxAge === "string" && Number(maxAge) <= 0) ||
        (typeof expires === "string" && new Date(expires).getTime() <= this.now() && maxAge === undefined);
      if (expired || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie);
    }
  }

  /** The Cookie header to send, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies.values()].map((c) => `${c.name}=${c.value}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string): void {
    this.cookies.set(name, { name, value, attributes: {} });
  }
}

/** Something that answers Web requests: `(request) => Auth(request, config)`, or a server's fetch. */
export type Handler = (request: Request) => Promise<Response>;

/** Options of a request made by the test client. */
export interface ClientRequestInit {
  headers?: Record<string, string>;
  /** A form body (sent as application/x-www-form-urlencoded) or a JSON body (`json`). */
  form?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
}

/** A browser-like client for one handler and origin. */
export class TestClient {
  readonly jar: CookieJar;

  constructor(
    readonly handler: Handler,
    readonly origin = "http://localhost:3000",
    now: () => number = Date.now,
  ) {
    this.jar = new CookieJar(now);
  }

  /** Sends a request with the jar's cookies and stores what comes back. */
  async request(method: string, path: string, init: ClientRequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header();
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set("content-type", "application/json");
    }
    // A stream body needs duplex "half" in Node's Request.
    const duplex = body instanceof ReadableStream ? { duplex: "half" } : {};
    const response = await this.handler(
      new Request(new URL(path, this.origin), { method, headers, body, ...duplex }),
    );
    this.jar.update(response);
    return response;
  }

  get(path: string, init?: ClientRequestInit): Promise<Response> {
    return this.request("GET", path, init);
  }

  post(path: string, init?: ClientRequestInit): Promise<Response> {
    return this.request("POST", path, init);
  }

  /** Fetches a CSRF token (and its cookie) from `{basePath}/csrf`. */
  async csrfToken(basePath = "/auth"): Promise<string> {
    const response = await this.get(`${basePath}/csrf`);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    return csrfToken;
  }

  /** The session JSON from `{basePath}/session`. */
  async session(basePath = "/auth"): Promise<unknown> {
    return (await this.get(`${basePath}/session`)).json();
  }
}
