/**
 * The cookie jars of many browsers, one per user, for the scenario in which each request is the
 * next user's visit carrying whatever cookies that user's browser holds at that moment.
 *
 * @module
 */

/**
 * One cookie jar per user. A jar keeps each cookie's latest value, as a browser does: a
 * Set-Cookie replaces the cookie of the same name, and one with an empty value removes it.
 * Attributes (Path, Expires, ...) are not kept: every request of the scenario goes to one path
 * on one origin, well within every cookie's lifetime.
 *
 * @example
 * ```ts
 * const jars = new BrowserJars(["authjs.session-token=abc"]);
 * jars.store(0, ["authjs.session-token=def; Path=/; HttpOnly"]);
 * jars.cookieOf(0) // "authjs.session-token=def"
 * ```
 */
export class BrowserJars {
  readonly #jars: Map<string, string>[];
  /**
   * Each jar as the Cookie header its browser sends, rebuilt when a response changes the jar,
   * so the load generator does not rebuild strings on every request.
   */
  readonly #headers: string[];

  /**
   * @param initial Each user's Cookie header to start from (`name=value; name2=value2`).
   */
  constructor(initial: readonly string[]) {
    this.#jars = initial.map((header) => {
      const jar = new Map<string, string>();
      for (const pair of header.split(";")) setPair(jar, pair);
      return jar;
    });
    this.#headers = this.#jars.map(headerOf);
  }

  /** How many users (jars) there are. */
  get size(): number {
    return this.#jars.length;
  }

  /**
   * The Cookie header the user's browser sends now.
   *
   * @param user The user's index.
   * @returns The header value; empty when the jar is empty.
   */
  cookieOf(user: number): string {
    return this.#headers[user]!;
  }

  /**
   * Stores a response's Set-Cookie headers in the user's jar.
   *
   * @param user The user's index.
   * @param setCookies The response's Set-Cookie header values, one cookie each.
   */
  store(user: number, setCookies: readonly string[]): void {
    if (setCookies.length === 0) return;
    const jar = this.#jars[user]!;
    for (const line of setCookies) {
      const end = line.indexOf(";");
      setPair(jar, end === -1 ? line : line.slice(0, end));
    }
    this.#headers[user] = headerOf(jar);
  }
}

function setPair(jar: Map<string, string>, pair: string): void {
  const eq = pair.indexOf("=");
  if (eq <= 0) return;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (value === "") jar.delete(name);
  else jar.set(name, value);
}

function headerOf(jar: Map<string, string>): string {
  let header = "";
  for (const [name, value] of jar) header += `${header === "" ? "" : "; "}${name}=${value}`;
  return header;
}
