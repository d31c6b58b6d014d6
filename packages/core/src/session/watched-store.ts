/**
 * A configured session store seen through one lens: every call gets a deadline, and every failure
 * becomes a {@link SessionStoreUnavailable}. An outage is logged once, when the first call fails,
 * and again only after a call has succeeded in between: with many requests a second, a store that
 * is down must fill the log with one line, not one per request.
 *
 * @module
 */
import { withDeadline } from "../deadline";
import { SessionStoreUnavailable } from "../errors";
import { outageBegins, outageEnds } from "../outage";
import type { LoggerInstance, SessionStore } from "../types";

/**
 * Wraps `store` so that its calls time out after `deadlineMs`, fail as
 * {@link SessionStoreUnavailable}, and log the `session-store-unavailable` warning once per outage
 * (the cause at debug level).
 *
 * @param store - The store the app configured.
 * @param logger - The configuration's logger.
 * @param deadlineMs - The longest one call may take; `Infinity` for none.
 * @returns A store with the same behaviour while the wrapped one answers.
 * @example
 * ```ts
 * const store = watchedStore(memorySessionStore(), logger, 10_000)
 * ```
 */
export function watchedStore(store: SessionStore, logger: LoggerInstance, deadlineMs: number): SessionStore {
  const call = async <T>(name: string, work: () => T | PromiseLike<T>): Promise<T> => {
    let result: T;
    try {
      result = await withDeadline(work(), deadlineMs, `The session store's ${name}`);
    } catch (error) {
      if (outageBegins(store)) {
        logger.warn("session-store-unavailable");
        logger.debug(`The session store's ${name} failed: ${(error as Error)?.message ?? String(error)}`);
      }
      throw new SessionStoreUnavailable(`The session store's ${name} failed.`, { cause: error });
    }
    if (outageEnds(store)) logger.debug("The session store answers again.");
    return result;
  };
  return {
    create: (session) => call("create", () => store.create(session)),
    get: (id) => call("get", () => store.get(id)),
    touch: (id, changes) => call("touch", () => store.touch(id, changes)),
    delete: (id) => call("delete", () => store.delete(id)),
    listByUser: (userId) => call("listByUser", () => store.listByUser(userId)),
    deleteByUser: (userId, except) => call("deleteByUser", () => store.deleteByUser(userId, except)),
    // Present only when the wrapped store has it: its absence is what makes sid-only logouts 501.
    ...(typeof store.deleteByIdpSession === "function" && {
      deleteByIdpSession: (provider: string, idpSessionId: string) =>
        call("deleteByIdpSession", () => store.deleteByIdpSession!(provider, idpSessionId)),
    }),
  };
}
