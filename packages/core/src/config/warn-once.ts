/**
 * Configuration warnings, said once. A configuration is often normalised more than once in one
 * process without anything having changed: `Auth(request, { ...config, raw })` and lazy
 * configuration functions make a new object per request, and a Next.js app builds one for its
 * middleware and one for its routes. Each normalisation used to repeat every warning, so the
 * missing-secret warning appeared twice (or once per request). A warning is now remembered per
 * place it is written to (the user's `warn` function, or the console) and code.
 *
 * @module
 */
import type { LoggerInstance, WarningCode } from "../types";

// Shared through globalThis: bundlers may load this module twice in one process (a server and
// a middleware bundle), and the warnings are about that process.
const REGISTRY = Symbol.for("portcullis.config-warnings");

interface Registry {
  /** Codes said per user `warn` function. */
  byFunction: WeakMap<LoggerInstance["warn"], Set<WarningCode>>;
  /** Codes said on the console (no user `warn`). */
  console: Set<WarningCode>;
}

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= { byFunction: new WeakMap(), console: new Set() };
  return holder[REGISTRY];
}

/**
 * Sends a configuration warning through `logger`, unless the same code already went to the same
 * place in this process.
 *
 * @param logger - The configuration's logger.
 * @param custom - The user's own `warn` function, when there is one; else the console is the place.
 * @param code - The warning.
 * @example
 * ```ts
 * warnOnce(logger, userConfig.logger?.warn, "missing-secret-dev")
 * ```
 */
export function warnOnce(
  logger: Pick<LoggerInstance, "warn">,
  custom: LoggerInstance["warn"] | undefined,
  code: WarningCode,
): void {
  const seen = registry();
  let codes = seen.console;
  if (custom) {
    codes = seen.byFunction.get(custom) ?? new Set();
    seen.byFunction.set(custom, codes);
  }
  if (codes.has(code)) return;
  codes.add(code);
  logger.warn(code);
}
