/**
 * The API of `@hono/auth-js` (`initAuthConfig`, `authHandler`, `verifyAuth`, `getAuthUser`,
 * `c.get("authUser")`), on Portcullis's engine, so an app written as that package's README shows
 * moves over by changing its imports (the codemod does it).
 */
import {
  type AdapterUser,
  type AuthConfig,
  type CallbacksOptions,
  createAuth,
  type JWT,
  type Session,
  type SessionCallbackParams,
  setEnvDefaults,
} from "@portcullis/core";
import { isDate } from "@portcullis/core/adapters";
import type { Context, MiddlewareHandler } from "hono";
import { env } from "hono/adapter";
import { HTTPException } from "hono/http-exception";
import { getSession } from "./get-session";

declare module "hono" {
  interface ContextVariableMap {
    /** The signed-in user, set by {@link verifyAuth}. */
    authUser: AuthUser;
    /** The configuration, set by {@link initAuthConfig}. */
    authConfig: AuthConfig;
  }
}

/**
 * The environment `initAuthConfig` reads (`env(c)` of `hono/adapter`: a Worker's bindings,
 * `process.env` on Node), as `@hono/auth-js` types it.
 *
 * @example
 * ```ts
 * const app = new Hono<{ Bindings: AuthEnv & { GITHUB_ID: string } }>()
 * ```
 */
export type AuthEnv = {
  AUTH_URL?: string;
  AUTH_SECRET: string;
  AUTH_REDIRECT_PROXY_URL?: string;
  [key: string]: string | undefined;
};

/**
 * The signed-in user of a request, as `@hono/auth-js` fills it: the session (what the
 * `/session` route answers), and what the `session` callback was given with it: the decoded
 * session JWT (JWT sessions) or the adapter's user (database sessions).
 *
 * @example
 * ```ts
 * app.get("/api/protected", (c) => {
 *   const { session, token }: AuthUser = c.get("authUser")
 *   return c.json({ name: session.user?.name, role: token?.role })
 * })
 * ```
 */
export type AuthUser = {
  session: Session;
  token?: JWT;
  user?: AdapterUser;
};

/**
 * The callback of {@link initAuthConfig}: the configuration, from the request's context.
 *
 * @example
 * ```ts
 * const config: ConfigHandler = (c) => ({ secret: env(c).AUTH_SECRET, providers: [GitHub] })
 * ```
 */
export type ConfigHandler = (c: Context) => AuthConfig | Promise<AuthConfig>;

/**
 * Where the session callback leaves its parameters on the session it answers, for
 * {@link getAuthUser}. A symbol, not enumerable: the `/session` route's JSON and an app's
 * `c.json(session)` never carry them.
 */
const CALLBACK_PARAMS = Symbol("portcullis.hono.sessionCallbackParams");

type Carrying = Session & { [CALLBACK_PARAMS]?: SessionCallbackParams };

// The engine's default `session` callback (Auth.js's): the user's name, email and image, and the
// expiry as ISO text. Repeated here because the wrapper below replaces the callback; the tests
// check that getAuthUser's session is what the `/session` route answers.
const defaultSession: CallbacksOptions["session"] = ({ session }) => ({
  user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
  expires: isDate(session.expires) ? session.expires.toISOString() : session.expires,
});

/**
 * The app's configuration as the engine gets it: its `session` callback wrapped to keep its
 * parameters (the token or the user: `@hono/auth-js` takes them from the same place), and the
 * environment applied.
 */
function engineConfig(config: AuthConfig, environment: AuthEnv): AuthConfig {
  const appSession = config.callbacks?.session ?? defaultSession;
  const session: CallbacksOptions["session"] = async (params) => {
    const answered = await appSession(params);
    if (typeof answered !== "object" || answered === null) return answered;
    // A session object the app hands out again (a constant, a frozen object) is copied rather
    // than written on, so two requests never share the parameters.
    const carrier =
      Object.isExtensible(answered) && !Object.hasOwn(answered, CALLBACK_PARAMS) ? answered : { ...answered };
    Object.defineProperty(carrier, CALLBACK_PARAMS, { value: params });
    return carrier;
  };
  // setEnvDefaults also records the environment on this object for the engine: AUTH_URL then pins
  // the public origin and NODE_ENV decides production, so the request URL needs no rewriting.
  return setEnvDefaults(environment, { ...config, callbacks: { ...config.callbacks, session } });
}

function sameEntries(a: AuthEnv, b: AuthEnv): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * A middleware that sets the configuration on the context (`c.get("authConfig")`) for
 * {@link authHandler}, {@link verifyAuth} and {@link getAuthUser}, with unset options filled from
 * the environment (`env(c)`: a Worker's bindings, `process.env` on Node) as `setEnvDefaults`
 * does: `AUTH_SECRET`, `AUTH_URL` (which also pins the public origin and the `basePath`),
 * `AUTH_{PROVIDER}_ID`/`_SECRET`...
 *
 * As in `@hono/auth-js`, the callback runs on every request, so it may pick a tenant's
 * configuration from the request (its host, a path parameter). Unlike there, return the same
 * object for the same configuration: build it once outside the callback, or memoise it per
 * tenant. Portcullis normalises each configuration object once (keys, providers, the adapter,
 * the in-memory rate-limit state) and keeps its caches on it, so a new object on each request
 * is normalised again on each request, and an in-memory rate limit or adapter starts afresh each
 * time. The wrapping and the environment defaults are likewise applied once per object (again
 * when the environment's entries change).
 *
 * @param cb Answers the configuration, from the request's context; called on every request.
 * @returns The middleware; register it before the others on every path (`"*"`). It throws what
 * the callback throws (Hono answers 500).
 * @example
 * ```ts
 * import { Hono } from "hono"
 * import { type AuthConfig, authHandler, initAuthConfig, verifyAuth } from "@portcullis/hono"
 * import GitHub from "@portcullis/hono/providers/github"
 *
 * const app = new Hono<{ Bindings: { AUTH_SECRET: string; GITHUB_ID: string; GITHUB_SECRET: string } }>()
 * let config: AuthConfig | undefined // built on the first request, then the same object
 * app.use("*", initAuthConfig((c) => (config ??= {
 *   secret: c.env.AUTH_SECRET,
 *   providers: [GitHub({ clientId: c.env.GITHUB_ID, clientSecret: c.env.GITHUB_SECRET })],
 * })))
 * app.use("/api/auth/*", authHandler())
 * app.use("/api/*", verifyAuth())
 * app.get("/api/protected", (c) => c.json(c.get("authUser")))
 * ```
 */
export function initAuthConfig(cb: ConfigHandler): MiddlewareHandler {
  // What each object the callback answered was built into, and from which environment (Deno's
  // env(c) is a new object on each request: a different one is compared by its entries).
  const built = new WeakMap<AuthConfig, { environment: AuthEnv; config: AuthConfig }>();
  return async (c, next) => {
    const environment = (env(c) ?? {}) as AuthEnv;
    const answered = await cb(c);
    if (typeof answered !== "object" || answered === null)
      throw new TypeError("initAuthConfig: the callback answered no configuration object.");
    let entry = built.get(answered);
    if (!entry || (entry.environment !== environment && !sameEntries(entry.environment, environment))) {
      entry = { environment, config: engineConfig(answered, environment) };
      built.set(answered, entry);
    }
    c.set("authConfig", entry.config);
    await next();
  };
}

function configOf(c: Context): AuthConfig {
  const config = c.get("authConfig");
  if (!config) throw new Error('No configuration on the context: register initAuthConfig(...) on "*" first.');
  return config;
}

/**
 * A middleware answering every auth route (sign-in, callbacks, session, sign-out...) with the
 * configuration of {@link initAuthConfig}, as {@link HonoAuth} does. Mount it on `{basePath}/*`
 * (`basePath` from the configuration, else the path of `AUTH_URL`, else `/auth`); no middleware
 * before it may read the body.
 *
 * Unlike `@hono/auth-js`, a missing secret is the engine's answer: outside production a random
 * secret per process, with a warning; in production the configuration error (500).
 *
 * @returns The middleware. Throws only without {@link initAuthConfig} before it.
 * @example
 * ```ts
 * app.use("/api/auth/*", authHandler())
 * ```
 */
export function authHandler(): MiddlewareHandler {
  return async (c) => createAuth(configOf(c)).handle(c.req.raw);
}

/**
 * The signed-in user of a request: `{ session, token }` with JWT sessions, `{ session, user }`
 * with database sessions (see {@link AuthUser}), or `null` when signed out. Reads with the
 * configuration of {@link initAuthConfig}, as {@link getSession} does: sets no cookie, does not
 * extend the session.
 *
 * @param c The Hono context of the request.
 * @returns The user, or `null`. Throws only without {@link initAuthConfig} before it.
 * @example
 * ```ts
 * app.get("/", async (c) => {
 *   const authUser = await getAuthUser(c)
 *   return c.text(authUser ? `Hello ${authUser.session.user?.name}` : "Hello stranger")
 * })
 * ```
 */
export async function getAuthUser(c: Context): Promise<AuthUser | null> {
  const session: Carrying | null = await getSession(c, configOf(c));
  if (!session) return null;
  const params = session[CALLBACK_PARAMS];
  return {
    session,
    ...(params?.token ? { token: params.token } : {}),
    ...(params?.user ? { user: params.user } : {}),
  };
}

/**
 * A middleware letting only signed-in requests through: it sets `c.get("authUser")` (see
 * {@link getAuthUser}), and answers a signed-out request 401 `Unauthorized`, as `@hono/auth-js`
 * does. Register it after {@link authHandler}, so that it does not guard the auth routes.
 *
 * @returns The middleware.
 * @example
 * ```ts
 * app.use("/api/*", verifyAuth())
 * app.get("/api/protected", (c) => c.json(c.get("authUser")))
 * ```
 */
export function verifyAuth(): MiddlewareHandler {
  return async (c, next) => {
    const authUser = await getAuthUser(c);
    if (!authUser) throw new HTTPException(401, { res: new Response("Unauthorized", { status: 401 }) });
    c.set("authUser", authUser);
    await next();
  };
}
