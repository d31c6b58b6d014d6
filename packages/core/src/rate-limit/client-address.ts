/**
 * Who is asking, as far as a trusted party says. A Web `Request` carries no peer address, and
 * X-Forwarded-For is whatever the client wrote unless a proxy the deployer declared rewrites it,
 * so an address is known only from the deployer's own `clientAddress` function or, behind an
 * explicitly trusted proxy, from the entry that proxy appended (the last one; every entry before
 * it came from the client).
 *
 * @module
 */
import type { InternalConfig } from "../config/normalize";
import type { CredentialsRateLimit, RateLimitWindow } from "../types";

/**
 * The default allowance of one client address, for every limit that counts per client: 50 events
 * per 15 minutes, room for a shared office or NAT.
 *
 * @example
 * ```ts
 * const limit = options.address ?? CLIENT_ADDRESS_LIMIT // { max: 50, windowSeconds: 900 }
 * ```
 */
export const CLIENT_ADDRESS_LIMIT: RateLimitWindow = { max: 50, windowSeconds: 900 };

/** Longest address text accepted (an IPv6 address with a zone or a port stays well below). */
const MAX_LENGTH = 100;
/** An IPv4 or IPv6 address, possibly with a port or brackets; anything else is not an address. */
const ADDRESS = /^[0-9a-f:.[\]%]+$/i;

/**
 * The bucket of an address. IPv6 clients usually hold a whole /64, so an address there is
 * counted by its first four groups; otherwise each new address would be a fresh allowance.
 */
function bucketOf(address: string): string {
  const bare = address.replace(/^\[|\](:\d+)?$/g, "").replace(/%.*$/, "");
  if (!bare.includes(":") || /^[\d.]+:\d+$/.test(bare)) return bare.replace(/:\d+$/, "");
  const [head = "", tail] = bare.split("::");
  const groups = head ? head.split(":") : [];
  if (tail !== undefined) {
    const rest = tail ? tail.split(":") : [];
    while (groups.length + rest.length < 8) groups.push("0");
    groups.push(...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The client's address bucket for per-address limits, or undefined when no trusted source
 * names one (then no per-address limit applies: a limit keyed on a client-chosen value would
 * only hand out fresh allowances).
 *
 * @param request - The incoming request.
 * @param limit - The provider's rate-limit options (`clientAddress`).
 * @param config - The configuration (`trustedProxy`).
 * @returns A lowercase IPv4 address or IPv6 /64 prefix, or undefined.
 * @throws Whatever the deployer's `clientAddress` throws.
 * @example
 * ```ts
 * clientAddress(request, { clientAddress: (r) => r.headers.get("cf-connecting-ip") }, config) // "203.0.113.7"
 * ```
 */
export function clientAddress(
  request: Request,
  limit: Pick<CredentialsRateLimit, "clientAddress">,
  config: Pick<InternalConfig, "trustedProxy">,
): string | undefined {
  let raw: unknown;
  if (limit.clientAddress) raw = limit.clientAddress(request);
  else if (config.trustedProxy) raw = request.headers.get("x-forwarded-for")?.split(",").pop();
  if (typeof raw !== "string") return undefined;
  const address = raw.trim().toLowerCase();
  if (!address || address.length > MAX_LENGTH || !ADDRESS.test(address)) return undefined;
  return bucketOf(address);
}
