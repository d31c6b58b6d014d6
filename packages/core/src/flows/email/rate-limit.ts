/**
 * The limits on magic links (a Portcullis extra): without them anyone can make the app mail a
 * victim's inbox as often as they can post a form, and burn the app's sending reputation. Links
 * are counted per address and, when a trusted source names it, per client address: a mailbox has
 * many spellings (`victim+1@`, `victim+2@`, ...) that each have their own per-address allowance,
 * but the client asking for them has one. The per-client counter also limits the wrong codes a
 * client may try (see code.ts).
 *
 * Counts are keyed by what they protect (the app's secret, the provider and the normalised
 * address or client address), not by the configuration object, so `Auth(request, () => config)`,
 * which builds a fresh configuration for every request, keeps the limit. By default they live in
 * this process's memory: several server processes each keep their own counts, so the effective
 * limit is `max` times the number of processes, and a restart forgets them. `rateLimit.store`
 * takes a shared {@link RateLimitStore} for a limit that holds across processes.
 *
 * @module
 */
import type { ActionContext, AuthRequest } from "../../context";
import { InvalidConfiguration, RateLimited } from "../../errors";
import { CLIENT_ADDRESS_LIMIT, clientAddress } from "../../rate-limit/client-address";
import { isLimit, isStore, limitKey, refundAllowance, takeOrRefuse } from "../../rate-limit/limit";
import { defaultStore } from "../../rate-limit/memory-store";
import type { EmailConfig, EmailRateLimit, RateLimitStore, RateLimitWindow } from "../../types";
import { mailboxOf } from "./normalize";

/** The default: 5 links per address per 15 minutes. */
const DEFAULT_LIMIT: EmailRateLimit = { max: 5, windowSeconds: 900 };

/** Whether the per-client options are usable: `address` false or a window, `clientAddress` a function. */
function hasUsableClientOptions(limit: EmailRateLimit): boolean {
  const { address, clientAddress } = limit;
  return (
    (address === undefined || address === false || isLimit(address)) &&
    (clientAddress === undefined || typeof clientAddress === "function")
  );
}

function limitOf(provider: EmailConfig): EmailRateLimit | undefined {
  if (provider.rateLimit === false) return undefined;
  const limit = provider.rateLimit ?? DEFAULT_LIMIT;
  if (
    !isLimit(limit) ||
    (limit.store !== undefined && !isStore(limit.store)) ||
    !hasUsableClientOptions(limit)
  ) {
    throw new InvalidConfiguration(
      `rateLimit of the email provider "${provider.id}" needs a positive integer \`max\`, a positive \`windowSeconds\` and, if given, a \`store\` with a \`take\` method, an \`address\` that is false or such a window, and a \`clientAddress\` function; or \`false\`.`,
    );
  }
  return limit;
}

/** One client address's count: where it lives, under which key, and its allowance. */
export interface ClientCounter {
  store: RateLimitStore;
  key: string;
  limit: RateLimitWindow;
}

/**
 * The count of the client's address for links or for wrong codes, kept apart so that asking for
 * links never costs a client its code attempts. `rateLimit: false` turns the link limits off, but
 * wrong codes are counted whatever it says (with the default allowance and the process's store),
 * as they are per address: guessing is not a courtesy to limit.
 *
 * @param provider - The email provider, with its `rateLimit` options.
 * @param purpose - What is counted: link requests or code attempts.
 * @param req - The request (a trusted source may name its client's address).
 * @param ctx - The action context.
 * @returns The counter, or undefined when no trusted source names the client or the limit is off.
 * @throws {InvalidConfiguration} When `rateLimit` holds unusable values.
 * @throws Whatever the deployer's `clientAddress` throws.
 * @example
 * ```ts
 * const client = await clientCounter(provider, "code", req, ctx)
 * if (client && !(await takeOrRefuse(client.store, client.key, client.limit, ctx.now, logger))) refuse()
 * ```
 */
export async function clientCounter(
  provider: EmailConfig,
  purpose: "link" | "code",
  req: AuthRequest,
  ctx: ActionContext,
): Promise<ClientCounter | undefined> {
  const options = limitOf(provider) ?? (purpose === "code" ? DEFAULT_LIMIT : undefined);
  if (!options || options.address === false) return undefined;
  const address = clientAddress(req.request, options, ctx.config);
  if (address === undefined) return undefined;
  const scope = ["email", provider.id, purpose, "client"];
  return {
    store: options.store ?? defaultStore,
    key: await limitKey(ctx.config.secrets[0] ?? "", scope, address),
    limit: options.address ?? CLIENT_ADDRESS_LIMIT,
  };
}

/**
 * Counts one magic link for the client's address (when a trusted source names it) and for the
 * address it goes to, or refuses it when either already had its allowance within its window (a
 * sliding window, on the request clock `ctx.now`). Refused requests do not count, so a patient
 * user gets a link again as soon as the oldest one leaves the window. The store is handed a
 * SHA-256 over the secret, the provider id and the address, so a shared store never holds
 * addresses.
 *
 * @param provider - The email provider, with its `rateLimit` (default 5 per address and 50 per
 *   client address per 900 s; `false` disables both).
 * @param identifier - The normalised address.
 * @param req - The sign-in request (a trusted source may name its client's address).
 * @param ctx - The action context (configuration and request time).
 * @throws {RateLimited} When the address or the client is over its limit; nothing must be sent then.
 * @throws {InvalidConfiguration} When `rateLimit` holds unusable values.
 * @throws {RateLimitStoreUnavailable} When the store fails: the link is then not sent.
 * @example
 * ```ts
 * await consumeEmailAllowance(provider, "ada@example.com", req, ctx) // throws RateLimited on the 6th call in 15 min
 * ```
 */
export async function consumeEmailAllowance(
  provider: EmailConfig,
  identifier: string,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<void> {
  const limit = limitOf(provider);
  if (!limit) return;
  const { logger } = ctx.config;
  const client = await clientCounter(provider, "link", req, ctx);
  if (client && !(await takeOrRefuse(client.store, client.key, client.limit, ctx.now, logger))) {
    throw new RateLimited(
      `Too many sign-in links were requested from this client address in ${client.limit.windowSeconds} s.`,
    );
  }
  // Keyed by the mailbox, so a Unicode domain and its punycode spelling share one allowance.
  const key = await limitKey(ctx.config.secrets[0] ?? "", ["email", provider.id], mailboxOf(identifier));
  if (!(await takeOrRefuse(limit.store ?? defaultStore, key, limit, ctx.now, logger))) {
    // A refused request counts for no one: the client's event goes back.
    if (client) await refundAllowance(client.store, client.key, ctx.now);
    throw new RateLimited(
      `Too many sign-in links were requested for this address in ${limit.windowSeconds} s.`,
    );
  }
}
