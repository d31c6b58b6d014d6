/**
 * The server-side session read, as an app's own server code makes it (a Next.js server component
 * calling `auth()`, an Express route calling `getSession`), timed in-process: no HTTP, no bridge,
 * only what each library does between the incoming request's headers and the session.
 *
 * - Portcullis: `createAuth(config).session({ headers })`, what its integrations call.
 * - Auth.js: what next-auth's `auth()` and `@auth/express`'s `getSession` do, neither of which is
 *   installed here: the session route's URL from the headers (`createActionURL`), a new `Request`
 *   to it carrying only the Cookie header, `Auth(request, config)`, then `response.json()`.
 *
 * In `server-session`, both read one user's session with the cookies of a real sign-in on their
 * own side, the same cookies on every call: server code cannot set the cookie a read refreshes (a
 * server component cannot, and `getSession` drops it), so the browser keeps sending the one it
 * has. In `server-session-many`, each call is another of {@link POOL_SIZE} users, each token made
 * by the library's own `encode` (alice's claims, a `sub` of its own), so no cache answers.
 *
 * @module
 */
import { ALICE, SECRET, SESSION_COOKIE } from "../config";
import { type JwtLibrary, PAYLOAD, POOL_SIZE } from "../jwt/codec";
import { signInOnce } from "../load/sign-in";

/** Where the app is served, as the incoming request's Host says. */
const HOST = "127.0.0.1:3000";
const ORIGIN = `http://${HOST}`;

/** One server-side session read; resolves with the session (or null). */
export type SessionRead = () => Promise<unknown>;

/** Whose sessions are read: one signed-in user again and again, or many users in turn. */
export type Readers = "one" | "many";

type Encode = (params: { token: object; secret: string; salt: string }) => Promise<string>;

/**
 * The incoming requests' headers, one per user: alice's cookies from her sign-in, or for many
 * users a session token each, made by the library's own `encode`.
 */
async function headersFor(readers: Readers, signedIn: string, encode: Encode): Promise<Headers[]> {
  if (readers === "one") return [new Headers({ host: HOST, cookie: signedIn })];
  const headers: Headers[] = [];
  for (let i = 0; i < POOL_SIZE; i++) {
    const token = await encode({
      token: { ...PAYLOAD, sub: `${PAYLOAD.sub}-${i}` },
      secret: SECRET,
      salt: SESSION_COOKIE,
    });
    headers.push(new Headers({ host: HOST, cookie: `${SESSION_COOKIE}=${token}` }));
  }
  return headers;
}

async function portcullisRead(readers: Readers): Promise<SessionRead> {
  const [{ Auth, createAuth }, { encode }, { default: Credentials }, { jwtConfig }] = await Promise.all([
    import("@portcullis/core"),
    import("@portcullis/core/jwt"),
    import("@portcullis/core/providers/credentials"),
    import("../apps/build-app"),
  ]);
  const config = jwtConfig<import("@portcullis/core").AuthConfig>({ Credentials });
  const cookie = await signInOnce(ORIGIN, (url, init) => Auth(new Request(url, init), config));
  const users = await headersFor(readers, cookie, encode);
  let next = 0;
  return async () => {
    const headers = users[next++ % users.length]!;
    return (await createAuth(config).session({ headers })).session;
  };
}

async function authjsRead(readers: Readers): Promise<SessionRead> {
  const [{ Auth, createActionURL, setEnvDefaults }, { encode }, { default: Credentials }, { jwtConfig }] =
    await Promise.all([
      import("@auth/core"),
      import("@auth/core/jwt"),
      import("@auth/core/providers/credentials"),
      import("../apps/build-app"),
    ]);
  const config = jwtConfig<import("@auth/core").AuthConfig>({ Credentials });
  // Auth.js's integrations fill the configuration from the environment once, at setup.
  setEnvDefaults(process.env, config);
  const cookie = await signInOnce(ORIGIN, (url, init) => Auth(new Request(url, init), config));
  const users = await headersFor(readers, cookie, encode as Encode);
  let next = 0;
  return async () => {
    const headers = users[next++ % users.length]!;
    const url = createActionURL("session", "http", headers, process.env, config);
    const request = new Request(url, { headers: { cookie: headers.get("cookie") ?? "" } });
    return (await Auth(request, config)).json();
  };
}

/**
 * Signs alice in on `library` (through its own `Auth`, in-process) and returns its server-side
 * session read, for her cookies or for many users' tokens in turn, checked once to answer her
 * session (her name and email) before anything is timed.
 *
 * @param library `portcullis` or `authjs`.
 * @param readers `one` user again and again, or `many` in turn.
 * @returns The read.
 * @throws When the sign-in fails or the read does not answer alice's session.
 * @example
 * ```ts
 * const read = await serverSessionRead("portcullis", "one");
 * await read();
 * ```
 */
export async function serverSessionRead(library: JwtLibrary, readers: Readers): Promise<SessionRead> {
  // Only one library is imported per process, so its memory figures are its own.
  const read = library === "portcullis" ? await portcullisRead(readers) : await authjsRead(readers);
  const session = (await read()) as { user?: { email?: unknown } } | null;
  if (session?.user?.email !== ALICE.email)
    throw new Error(`the ${library} server-side read did not answer alice's session`);
  return read;
}
