/**
 * Next.js's default `basePath`: `/api/auth`, where next-auth apps keep their route handlers
 * (`app/api/auth/[...nextauth]/route.ts`), unless the configuration or `AUTH_URL`'s path says
 * otherwise. The core's own default, `/auth`, is for every other integration.
 */
import { type AuthConfig, withBasePath } from "@portcullis/core";
import type { NextAuthConfig, NextAuthConfigInput } from "./config";

/** Where the route handlers answer when neither the configuration nor `AUTH_URL` names a path. */
export const NEXT_BASE_PATH = "/api/auth";

/**
 * The configuration input with `basePath` decided the way next-auth decides it: the
 * configuration's own, else the path of `AUTH_URL` (or `NEXTAUTH_URL`) when it has one, else
 * `/api/auth`. A configuration object is settled now, as next-auth settles it when `NextAuth()`
 * is called; a configuration function is settled per request. The copy is the same object for
 * the same configuration and path, so the core's per-configuration cache keeps working.
 *
 * @param input The configuration, or a function of the request returning one.
 * @returns The input with `basePath` filled in. Never throws.
 * @example
 * ```ts
 * const input = withNextBasePath({ providers: [] }) // basePath "/api/auth"
 * ```
 */
export function withNextBasePath(input: NextAuthConfigInput): NextAuthConfigInput {
  if (typeof input === "function") return async (request) => settled(await input(request));
  return settled(input);
}

function settled(config: NextAuthConfig): NextAuthConfig {
  if (config.basePath !== undefined) return config;
  // withBasePath keeps one copy per (configuration, path) and leaves a set basePath alone.
  return withBasePath(config as AuthConfig, defaultBasePath()) as NextAuthConfig;
}

/**
 * The `basePath` of a configuration that sets none: the path of `AUTH_URL` (or `NEXTAUTH_URL`)
 * when it names one other than `/`, else `/api/auth`. Read from the environment at each call.
 *
 * @returns e.g. `/api/auth`. Never throws.
 * @example
 * ```ts
 * defaultBasePath() // "/api/auth" without AUTH_URL
 * ```
 */
export function defaultBasePath(): string {
  return envPath() ?? NEXT_BASE_PATH;
}

/** The path of `AUTH_URL` (or `NEXTAUTH_URL`) when it names one other than `/`; else undefined. */
function envPath(): string | undefined {
  const env: Record<string, string | undefined> = typeof process === "undefined" ? {} : process.env;
  const url = env.AUTH_URL || env.NEXTAUTH_URL;
  if (!url) return undefined;
  try {
    const path = new URL(url).pathname.replace(/\/+$/, "");
    return path === "" ? undefined : path;
  } catch {
    // An unparsable AUTH_URL is the core's to report (it answers 500 and logs why).
    return undefined;
  }
}
