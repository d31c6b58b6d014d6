/**
 * The bucket a client address is counted in: an IPv4 address as it is, an IPv6 address by its
 * /64 (a client usually holds a whole one), and an IPv4 client written in IPv6 (IPv4-mapped, or
 * NAT64's prefix) as its IPv4 address, never in the one /64 all such clients would share.
 */
import { describe, expect, it } from "vitest";
import { clientAddress } from "../../src/rate-limit/client-address";

const bucket = (address: string) =>
  clientAddress(new Request("http://app.test/"), { clientAddress: () => address }, { trustedProxy: false });

describe("clientAddress", () => {
  it.each([
    ["an IPv4 address", "203.0.113.7", "203.0.113.7"],
    ["an IPv4 address with a port", "203.0.113.7:8080", "203.0.113.7"],
    ["an IPv4-mapped address", "::ffff:203.0.113.7", "203.0.113.7"],
    ["an IPv4-mapped address in hex", "::FFFF:cb00:7107", "203.0.113.7"],
    ["a bracketed IPv4-mapped address with a port", "[::ffff:203.0.113.7]:443", "203.0.113.7"],
    ["a NAT64 address", "64:ff9b::203.0.113.7", "203.0.113.7"],
    ["the IPv6 loopback", "::1", "::1"],
    ["an IPv6 address", "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["an IPv6 address with leading zeros", "2001:0db8:0001:0002::1", "2001:db8:1:2::/64"],
    ["a compressed IPv6 address", "2001:db8::1", "2001:db8:0:0::/64"],
  ])("counts %s (%s) as %s", (_name, address, expected) => {
    expect(bucket(address)).toBe(expected);
  });

  it("gives two IPv4 clients written in IPv6 two buckets", () => {
    expect(bucket("::ffff:203.0.113.7")).not.toBe(bucket("::ffff:198.51.100.20"));
  });

  it.each(["not an address", "1.2.3.4; DROP", "a".repeat(200)])("refuses %j", (address) => {
    expect(bucket(address)).toBeUndefined();
  });
});
