/**
 * The per-address limit on magic links (a Portcullis extra): without it anyone can make the app
 * mail a victim's inbox as often as they can post a form, and burn the app's sending reputation.
 *
 * By default the counts live in memory, per configuration object and per process: several server
 * processes or instances each keep their own counts, so the effective limit is `max` times the
 * number of processes, and a restart forgets them. `rateLimit.store` takes a shared
 * {@link RateLimitStore} for a limit that holds across processes.
 *
 * @module
 */
import type { InternalConfig } from "../../config/normalize";
import type { ActionContext } from "../../context";
import { InvalidConfiguration, RateLimited } from "../../errors";
import { sha256Hex } from "../../http/crypto";
import type { EmailConfig, RateLimitStore } from "../../types";

/** A limit as the provider gives it. */
type Limit = Exclude<EmailConfig["rateLimit"], false | undefined>;

/** The default: 5 links per address per 15 minutes. */
const DEFAULT_LIMIT: Limit = { max: 5, windowSeconds: 900 };

/**
 * How many keys the memory store tracks at most. When full, the key touched least recently is
 * forgotten, so memory stays bounded whatever is posted; forgetting a key only ever gives it a
 * fresh allowance, never blocks anyone.
 */
const MAX_TRACKED_KEYS = 10_000;

/** A sliding-window store in this process's memory, its keys in least-recently-touched order. */
function memoryStore(): RateLimitStore {
  const times = new Map<string, number[]>();
  return {
    take(key, max, windowMs, now) {
      const recent = (times.get(key) ?? []).filter((time) => time > now - windowMs);
      // Delete and re-insert so that the Map's order is least-recently-touched first.
      times.delete(key);
      const allowed = recent.length < max;
      if (allowed) recent.push(now);
      times.set(key, recent);
      if (times.size > MAX_TRACKED_KEYS) {
        const oldest = times.keys().next().value;
        if (oldest !== undefined) times.delete(oldest);
      }
      return allowed;
    },
  };
}

/** The memory store of each configuration. */
const memoryStores = new WeakMap<InternalConfig, RateLimitStore>();

function limitOf(provider: EmailConfig): Limit | undefined {
  if (provider.rateLimit === false) return undefined;
  const limit = provider.rateLimit ?? DEFAULT_LIMIT;
  const valid =
    Number.isInteger(limit.max) &&
    limit.max > 0 &&
    Number.isFinite(limit.windowSeconds) &&
    limit.windowSeconds > 0 &&
    (limit.store === undefined || typeof limit.store?.take === "function");
  if (!valid) {
    throw new InvalidConfiguration(
      `rateLimit of the email provider "${provider.id}" needs a positive integer \`max\`, a positive \`windowSeconds\` and, if given, a \`store\` with a \`take\` method; or \`false\`.`,
    );
  }
  return limit;
}

/**
 * Counts one magic link for an address, or refuses it when the address already had `max`
 * links within the last `windowSeconds` (a sliding window, on the request clock `ctx.now`).
 * Refused requests do not count, so a patient user gets a link again as soon as the oldest one
 * leaves the window. The store is handed a SHA-256 of the provider id and the address, so a
 * shared store never holds addresses.
 *
 * @param provider - The email provider, with its `rateLimit` (default 5 per 900 s; `false` disables).
 * @param identifier - The normalised address.
 * @param ctx - The action context (configuration and request time).
 * @throws {RateLimited} When the address is over its limit; nothing must be sent then.
 * @throws {InvalidConfiguration} When `rateLimit` holds unusable values.
 * @throws Whatever a custom store throws: the link is then not sent.
 * @example
 * ```ts
 * await consumeEmailAllowance(provider, "ada@example.com", ctx) // throws RateLimited on the 6th call in 15 min
 * ```
 */
export async function consumeEmailAllowance(
  provider: EmailConfig,
  identifier: string,
  ctx: ActionContext,
): Promise<void> {
  const limit = limitOf(provider);
  if (!limit) return;
  let store = limit.store ?? memoryStores.get(ctx.config);
  if (!store) {
    store = memoryStore();
    memoryStores.set(ctx.config, store);
  }
  // A NUL cannot occur in a provider id (validated) or an address (control characters refused).
  const key = await sha256Hex(`${provider.id}\u0000${identifier}`);
  if (!(await store.take(key, limit.max, limit.windowSeconds * 1000, ctx.now))) {
    throw new RateLimited(
      `Too many sign-in links were requested for this address in ${limit.windowSeconds} s.`,
    );
  }
}
