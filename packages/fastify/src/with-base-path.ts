import type { AuthConfig, AuthConfigInput } from "@portcullis/core";

// One copy per (configuration, mount path), so the core's per-object cache keeps working.
const copies = new WeakMap<AuthConfig, Map<string, AuthConfig>>();

/**
 * The configuration with `basePath` set to the path the handler is mounted at, unless the
 * configuration sets `basePath` itself (then that wins and must match the mount point). A function
 * configuration is wrapped so its result gets the same treatment.
 *
 * @param config The user's configuration, or a function of the request returning one.
 * @param basePath The mount path, e.g. the plugin's `fastify.prefix`.
 * @returns A configuration input for `Auth`. Never throws.
 * @example
 * ```ts
 * await Auth(request, withBasePath(config, fastify.prefix))
 * ```
 */
export function withBasePath(config: AuthConfigInput, basePath: string): AuthConfigInput {
  if (typeof config === "function") return async (request) => mounted(await config(request), basePath);
  return mounted(config, basePath);
}

function mounted(config: AuthConfig, basePath: string): AuthConfig {
  if (config.basePath !== undefined) return config;
  let byPath = copies.get(config);
  if (!byPath) {
    byPath = new Map();
    copies.set(config, byPath);
  }
  let copy = byPath.get(basePath);
  if (!copy) {
    copy = { ...config, basePath };
    byPath.set(basePath, copy);
  }
  return copy;
}
