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

/** The eight groups of an IPv6 address as numbers (a dotted IPv4 tail counts as two); undefined if malformed. */
function ipv6Groups(address: string): number[] | undefined {
  const [head = "", tail, extra] = address.split("::");
  if (extra !== undefined) return undefined;
  const parts = (text: string) => (text ? text.split(":") : []);
  const groups = [...parts(head), ...parts(tail ?? "")].flatMap((part) => {
    const dotted = part.split(".");
    if (dotted.length === 4) {
      const [a = 0, b = 0, c = 0, d = 0] = dotted.map(Number);
      return [(a << 8) | b, (c << 8) | d];
    }
    return [Number.parseInt(part, 16)];
  });
  const missing = 8 - groups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  if (tail !== undefined) groups.splice(parts(head).length, 0, ...new Array<number>(missing).fill(0));
  return groups.some((group) => !(group >= 0 && group <= 0xffff)) ? undefined : groups;
}

/** The dotted IPv4 address of the last two groups. */
function ipv4Of(groups: number[]): string {
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * The bucket of an address. IPv6 clients usually hold a whole /64, so an address there is
 * counted by its first four groups; otherwise each new address would be a fresh allowance. An
 * IPv4 client written in IPv6 (`::ffff:203.0.113.7`, as Node reports IPv4 peers of a dual-stack
 * server, or NAT64's `64:ff9b::/96`) is counted as that IPv4 address: by its /64 every IPv4
 * client would share one count. So is the loopback address, whole.
 */
function bucketOf(address: string): string {
  const bare = address.replace(/^\[|\](:\d+)?$/g, "").replace(/%.*$/, "");
  if (!bare.includes(":") || /^[\d.]+:\d+$/.test(bare)) return bare.replace(/:\d+$/, "");
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  const zeroHead = groups.slice(0, 5).every((group) => group === 0);
  if (zeroHead && groups[5] === 0xffff) return ipv4Of(groups);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0))
    return ipv4Of(groups);
  if (zeroHead && groups[5] === 0 && groups[6] === 0) return `::${groups[7]!.toString(16)}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
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
