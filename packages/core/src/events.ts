/**
 * Fires audit events. An event never changes a flow: a throwing handler is logged as EventError
 * and the flow goes on.
 */
import type { InternalConfig } from "./config/normalize";
import { EventError } from "./errors";
import type { EventCallbacks } from "./types";

/** Calls `events[name](message)` when set; logs and swallows what it throws. */
export async function emit<K extends keyof EventCallbacks>(
  config: InternalConfig,
  name: K,
  message: Parameters<EventCallbacks[K]>[0],
): Promise<void> {
  const handler = config.events[name] as ((m: typeof message) => unknown) | undefined;
  if (!handler) return;
  try {
    await handler(message);
  } catch (error) {
    config.logger.error(new EventError(`The ${name} event handler threw.`, { cause: error }));
  }
}
