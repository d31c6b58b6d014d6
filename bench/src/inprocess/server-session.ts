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
 * Both read one user's session with the cookies of a real sign-in on their own side, the same
 * cookies on every call: server code cannot set the cookie a read refreshes (a server component
 * cannot, and `getSession` drops it), so the browser keeps sending the one it has.
 *
 * @module
 */
import { ALICE } from "../config";
import type { JwtLibrary } from "../jwt/codec";
import { signInOnce } from "../load/sign-in";

/** Where the app is served, as the incoming request's Host says. */
const HOST = "127.0.0.1:3000";
const ORIGIN = `http://${HOST}`;

/** One server-side session read; resolves with the session (or null). */
export type SessionRead = () => Promise<unknown>;

async function portcullisRead(): Promise<SessionRead> {
  const [{ Auth, createAuth }, { default: Credentials }, { jwtConfig }] = await Promise.all([
    import("@portcullis/core"),
    import("@portcullis/core/providers/credentials"),
    import("../apps/build-app"),
  ]);
  const config = jwtConfig<import("@portcullis/core").AuthConfig>({ Credentials });
  const cookie = await signInOnce(ORIGIN, (url, init) => Auth(new Request(url, init), config));
  const headers = new Headers({ host: HOST, cookie });
  return async () => (await createAuth(config).session({ headers })).session;
}

async function authjsRead(): Promise<SessionRead> {
  const [{ Auth, createActionURL, setEnvDefaults }, { default: Credentials }, { jwtConfig }] =
    await Promise.all([
      import("@auth/core"),
      import("@auth/core/providers/credentials"),
      import("../apps/build-app"),
    ]);
  const config = jwtConfig<import("@auth/core").AuthConfig>({ Credentials });
  // Auth.js's integrations fill the configuration from the environment once, at setup.
  setEnvDefaults(process.env, config);
  const cookie = await signInOnce(ORIGIN, (url, init) => Auth(new Request(url, init), config));
  const headers = new Headers({ host: HOST, cookie });
  return async () => {
    const url = createActionURL("session", "http", headers, process.env, config);
    const request = new Request(url, { headers: { cookie: headers.get("cookie") ?? "" } });
    return (await Auth(request, config)).json();
  };
}

/**
 * Signs alice in on `library` (through its own `Auth`, in-process) and returns its server-side
 * session read for her cookies, checked once to answer her session before anything is timed.
 *
 * @param library `portcullis` or `authjs`.
 * @returns The read.
 * @throws When the sign-in fails or the read does not answer alice's session.
 * @example
 * ```ts
 * const read = await serverSessionRead("portcullis");
 * await read();
 * ```
 */
export async function serverSessionRead(library: JwtLibrary): Promise<SessionRead> {
  // Only one library is imported per process, so its memory figures are its own.
  const read = library === "portcullis" ? await portcullisRead() : await authjsRead();
  const session = (await read()) as { user?: { email?: unknown } } | null;
  if (session?.user?.email !== ALICE.email)
    throw new Error(`the ${library} server-side read did not answer alice's session`);
  return read;
}
