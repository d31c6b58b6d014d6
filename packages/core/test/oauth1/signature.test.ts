import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { baseString, hmacSha1, percentEncode } from "../../src/flows/oauth1/signature";

describe("OAuth 1.0a signature (RFC 5849)", () => {
  it("builds the base string of the RFC's own example (section 3.4.1.1)", () => {
    // POST /request?b5=%3D%253D&a3=a&c%40=&a2=r%20b with body c2&a3=2+q, host example.com.
    const params: [string, string][] = [
      ["oauth_consumer_key", "9djdj82h48djs9d2"],
      ["oauth_token", "kkk9d7dh3k39sjv7"],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", "137131201"],
      ["oauth_nonce", "7d8f3e4a"],
      ["c2", ""],
      ["a3", "2 q"],
    ];
    expect(baseString("POST", "http://EXAMPLE.COM:80/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b", params)).toBe(
      "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
    );
  });

  it.each([
    ["a b", "a%20b"],
    ["!*'()", "%21%2A%27%28%29"],
    ["-._~", "-._~"],
    ["é", "%C3%A9"],
  ])("percent-encodes %j as %j", (input, encoded) => {
    expect(percentEncode(input)).toBe(encoded);
  });

  it("signs with HMAC-SHA1 keyed by the encoded secrets, as node:crypto computes it", async () => {
    const base = "POST&https%3A%2F%2Fapi.example%2Fx&a%3Db";
    const expected = createHmac("sha1", "c%20s&t%21s").update(base).digest("base64");
    expect(await hmacSha1(base, "c s", "t!s")).toBe(expected);
  });
});
