/**
 * Calling the app's adapter: every flow and session strategy goes through here, so a failure
 * names the method that failed and keeps what the adapter threw as its cause.
 *
 * @module
 */
import { AdapterError } from "../errors";

/**
 * Runs an adapter call, turning what it throws into an AdapterError naming the method.
 *
 * @param method The adapter method's name, for the message.
 * @param call The call.
 * @returns What the adapter answered.
 * @throws AdapterError with the adapter's error as its cause.
 * @example
 * ```ts
 * const user = await callAdapter("getUser", () => adapter.getUser!(id))
 * ```
 */
export async function callAdapter<T>(method: string, call: () => T | PromiseLike<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new AdapterError(`The adapter's ${method} failed.`, { cause: error });
  }
}
