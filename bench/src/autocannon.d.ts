/**
 * The part of autocannon's programmatic API that the bench uses. autocannon ships no types and
 * no `@types/autocannon` is installed, so this describes it structurally.
 */
declare module "autocannon" {
  /** A request as autocannon builds it: the fields a `setupRequest` may change. */
  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  /**
   * One step of a request sequence; the sequence repeats on every connection. (Method syntax, so
   * a sequence with its own context type can be passed where any context is accepted.)
   */
  export interface SequenceRequest<Context> extends RequestParams {
    /** Builds the request from the connection's context; returning null restarts the sequence. */
    setupRequest?(request: RequestParams, context: Context): RequestParams | null;
    /** Sees each response; multi-valued headers (Set-Cookie) arrive as arrays. */
    onResponse?(
      status: number,
      body: string,
      context: Context,
      headers: Record<string, string | string[]>,
    ): void;
  }

  export interface Options<Context = Record<string, unknown>> {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: SequenceRequest<Context>[];
    initialContext?: Context;
  }

  /** Percentiles of a histogram. */
  export interface Histogram {
    average: number;
    total: number;
  }

  export interface Result {
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    requests: Histogram & { sent: number };
  }

  /** A running load test: awaitable for its result, and an emitter of each response. */
  export interface Instance extends PromiseLike<Result> {
    /** Every response, whatever its status, with its latency in (fractional) milliseconds. */
    on(
      event: "response",
      listener: (client: object, status: number, bytes: number, milliseconds: number) => void,
    ): Instance;
  }

  export default function autocannon<Context>(options: Options<Context>): Instance;
}
