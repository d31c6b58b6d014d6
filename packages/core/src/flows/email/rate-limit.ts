/**
 * The per-address limit on magic links (a Portcullis extra): without it anyone can make the app
 * mail a victim's inbox as often as they can post a form, and burn the app's sending reputation.
 *
 * Counts are keyed by what they protect (the app's secret, the provider and the normalised
 * address), not by the configuration object, so `Auth(request, () => config)`, which builds a
 * fresh configuration for every request, keeps the limit. By default they live in this process's
 * memory: several server processes each keep their own counts, so the effective limit is `max`
 * times the number of processes, and a restart forgets them. `rateLimit.store` takes a shared
 * {@link RateLimitStore} for a limit that holds across processes.
 *
 * @module
 */
import type { ActionContext } from "../../context";
import { InvalidConfiguration, RateLimited } from "../../errors";
import { isLimit, isStore, limitKey, takeOrRefuse } from "../../rate-limit/limit";
import { defaultStore } from "../../rate-limit/memory-store";
import type { EmailConfig } from "../../types";

/** A limit as the provider gives it. */
type Limit = Exclude<EmailConfig["rateLimit"], false | undefined>;

/** The default: 5 links per address per 15 minutes. */
const DEFAULT_LIMIT: Limit = { max: 5, windowSeconds: 900 };

function limitOf(provider: EmailConfig): Limit | undefined {
  if (provider.rateLimit === false) return undefined;
  const limit = provider.rateLimit ?? DEFAULT_LIMIT;
  if (!isLimit(limit) || (limit.store !== undefined && !isStore(limit.store))) {
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
 * leaves the window. The store is handed a SHA-256 over the secret, the provider id and the
 * address, so a shared store never holds addresses.
 *
 * @param provider - The email provider, with its `rateLimit` (default 5 per 900 s; `false` disables).
 * @param identifier - The normalised address.
 * @param ctx - The action context (configuration and request time).
 * @throws {RateLimited} When the address is over its limit; nothing must be sent then.
 * @throws {InvalidConfiguration} When `rateLimit` holds unusable values.
 * @throws {RateLimitStoreUnavailable} When the store fails: the link is then not sent.
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
  const key = await limitKey(ctx.config.secrets[0] ?? "", ["email", provider.id], identifier);
  if (!(await takeOrRefuse(limit.store ?? defaultStore, key, limit, ctx.now, ctx.config.logger))) {
    throw new RateLimited(
      `Too many sign-in links were requested for this address in ${limit.windowSeconds} s.`,
    );
  }
}
