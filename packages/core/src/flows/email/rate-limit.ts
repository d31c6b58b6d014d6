/**
 * The per-address limit on magic links (a Portcullis extra): without it anyone can make the app
 * mail a victim's inbox as often as they can post a form, and burn the app's sending reputation.
 *
 * The counts live in memory, per configuration object and per process: several server
 * processes or instances each keep their own counts, so the effective limit is `max` times the
 * number of processes, and a restart forgets them. It bounds abuse from one process's view; a
 * shared store (or a limit at the edge) is needed for a hard global limit.
 *
 * @module
 */
import type { InternalConfig } from "../../config/normalize";
import type { ActionContext } from "../../context";
import { InvalidConfiguration, RateLimited } from "../../errors";
import type { EmailConfig } from "../../types";

/** The default: 5 links per address per 15 minutes. */
const DEFAULT_LIMIT = { max: 5, windowSeconds: 900 } as const;

/**
 * How many addresses are tracked at most per configuration. When full, the address touched
 * least recently is forgotten, so memory stays bounded whatever is posted; forgetting an address
 * only ever gives it a fresh allowance, never blocks anyone.
 */
const MAX_TRACKED_ADDRESSES = 10_000;

/** Send times (ms) per provider and address, in least-recently-touched-first order. */
const sendTimes = new WeakMap<InternalConfig, Map<string, number[]>>();

function limitOf(provider: EmailConfig): { max: number; windowSeconds: number } | undefined {
  if (provider.rateLimit === false) return undefined;
  const limit = provider.rateLimit ?? DEFAULT_LIMIT;
  const valid =
    Number.isInteger(limit.max) &&
    limit.max > 0 &&
    Number.isFinite(limit.windowSeconds) &&
    limit.windowSeconds > 0;
  if (!valid) {
    throw new InvalidConfiguration(
      `rateLimit of the email provider "${provider.id}" needs a positive integer \`max\` and a positive \`windowSeconds\`, or \`false\`.`,
    );
  }
  return limit;
}

/**
 * Counts one magic link for an address, or refuses it when the address already had `max`
 * links within the last `windowSeconds` (a sliding window, on the request clock `ctx.now`).
 * Refused requests do not count, so a patient user gets a link again as soon as the oldest one
 * leaves the window.
 *
 * @param provider - The email provider, with its `rateLimit` (default 5 per 900 s; `false` disables).
 * @param identifier - The normalised address.
 * @param ctx - The action context (configuration and request time).
 * @throws {RateLimited} When the address is over its limit; nothing must be sent then.
 * @throws {InvalidConfiguration} When `rateLimit` holds unusable numbers.
 * @example
 * ```ts
 * consumeEmailAllowance(provider, "ada@example.com", ctx) // throws RateLimited on the 6th call in 15 min
 * ```
 */
export function consumeEmailAllowance(provider: EmailConfig, identifier: string, ctx: ActionContext): void {
  const limit = limitOf(provider);
  if (!limit) return;
  let addresses = sendTimes.get(ctx.config);
  if (!addresses) {
    addresses = new Map();
    sendTimes.set(ctx.config, addresses);
  }
  // A NUL cannot occur in a provider id (validated) or an address (control characters refused).
  const key = `${provider.id}\u0000${identifier}`;
  const windowStart = ctx.now - limit.windowSeconds * 1000;
  const recent = (addresses.get(key) ?? []).filter((time) => time > windowStart);
  // Delete and re-insert so that the Map's order is least-recently-touched first.
  addresses.delete(key);
  if (recent.length >= limit.max) {
    addresses.set(key, recent);
    throw new RateLimited(
      `Too many sign-in links were requested for this address in ${limit.windowSeconds} s.`,
    );
  }
  recent.push(ctx.now);
  addresses.set(key, recent);
  if (addresses.size > MAX_TRACKED_ADDRESSES) {
    const oldest = addresses.keys().next().value;
    if (oldest !== undefined) addresses.delete(oldest);
  }
}
