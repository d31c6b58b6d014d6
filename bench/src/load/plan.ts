/**
 * What one HTTP scenario sends and how its answers are counted, independent of which server
 * receives it.
 *
 * @module
 */
import type { RequestParams, Result, SequenceRequest } from "autocannon";
import type { BrowserJars } from "./browser-jars";

/** The requests of one measured run and the count of its outcomes. */
export interface LoadPlan {
  /** A single request repeated (path and headers) ... */
  path?: string;
  headers?: Record<string, string>;
  /** ... or a sequence each connection repeats. */
  requests?: SequenceRequest<object>[];
  /**
   * Responses that make one operation on a connection (2 for a sign-in): an operation's latency
   * is the sum of theirs. Default 1.
   */
  stepsPerOp?: number;
  /** Completed operations (the rate's numerator) and failed ones, from the run's result. */
  count(result: Result): { ops: number; failures: number };
}

/**
 * A plan that GETs `path` with each request carrying the next cookie of `cookies`, in turn
 * across all connections, counting answers as {@link getPlan} does.
 *
 * @param path The request path.
 * @param cookies Cookie header values to cycle through.
 * @returns The plan.
 * @example
 * ```ts
 * const plan = rotatingCookiePlan("/auth/session", ["a=1", "a=2"]);
 * ```
 */
export function rotatingCookiePlan(path: string, cookies: readonly string[]): LoadPlan {
  let next = 0;
  return {
    requests: [
      {
        method: "GET",
        path,
        setupRequest: (request: RequestParams) => ({
          ...request,
          headers: { cookie: cookies[next++ % cookies.length]! },
        }),
      },
    ],
    count: getPlan(path, {}).count,
  };
}

/** Which user a connection's request in flight belongs to. */
interface Visit {
  user?: number;
}

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/**
 * A plan that GETs `path` as one user after another, in turn across all connections: each
 * request carries the cookies that user's jar holds now, and its response's Set-Cookie headers go
 * back into that jar, as a browser keeps them. With more users than connections, a user's next
 * request always leaves after the previous answer came back, so it carries the token the server
 * last issued. Answers are counted as {@link getPlan} does.
 *
 * @param path The request path.
 * @param jars The users' jars; they keep their cookies from one run to the next.
 * @returns The plan.
 * @example
 * ```ts
 * const plan = browsersPlan("/auth/session", new BrowserJars(["authjs.session-token=abc"]));
 * ```
 */
export function browsersPlan(path: string, jars: BrowserJars): LoadPlan {
  let next = 0;
  const request: SequenceRequest<Visit> = {
    method: "GET",
    path,
    setupRequest: (params: RequestParams, visit: Visit) => {
      const user = next++ % jars.size;
      visit.user = user;
      return { ...params, headers: { cookie: jars.cookieOf(user) } };
    },
    onResponse: (_status, _body, visit, headers) => {
      if (visit.user !== undefined) jars.store(visit.user, asList(headers["set-cookie"]));
    },
  };
  return { requests: [request as SequenceRequest<object>], count: getPlan(path, {}).count };
}

/**
 * A plan that repeats one GET and counts the answers with the expected status as operations and
 * everything else (other statuses, socket errors, timeouts) as failures.
 *
 * @param path The request path.
 * @param headers Request headers (a Cookie).
 * @param status The expected status.
 * @returns The plan.
 * @example
 * ```ts
 * const plan = getPlan("/auth/providers", {}, 200);
 * ```
 */
export function getPlan(path: string, headers: Record<string, string>, status = 200): LoadPlan {
  return {
    path,
    headers,
    count: (result) => {
      const ops = result.statusCodeStats[String(status)]?.count ?? 0;
      return { ops, failures: result.requests.total - ops + result.errors + result.timeouts };
    },
  };
}
