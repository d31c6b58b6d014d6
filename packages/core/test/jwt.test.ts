import { decode as authDecode, encode as authEncode } from "@auth/core/jwt";
import { MissingSecret } from "@portcullis/core/errors";
import { decode, encode, getToken } from "@portcullis/core/jwt";
import {
  base64url,
  CompactEncrypt,
  calculateJwkThumbprint,
  decodeProtectedHeader,
  EncryptJWT,
  SignJWT,
} from "jose";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { randomHex } from "../src/crypto/primitives";
import { serializeCookie, writeChunked } from "../src/http/cookies";
import type { JWT } from "../src/types";

const SECRET = randomHex(32);
const OLD_SECRET = randomHex(32);
const SALT = "authjs.session-token";
const SECURE_SALT = "__Secure-authjs.session-token";
const NOW = Date.UTC(2030, 0, 1);
const DAY = 24 * 60 * 60;

/** The HKDF key Auth.js documents, computed here independently of the code under test. */
async function hkdfKey(secret: string, salt: string, bytes: number): Promise<Uint8Array> {
  const text = new TextEncoder();
  const ikm = await crypto.subtle.importKey("raw", text.encode(secret), "HKDF", false, ["deriveBits"]);
  const info = text.encode(`Auth.js Generated Encryption Key (${salt})`);
  const params = { name: "HKDF", hash: "SHA-256", salt: text.encode(salt), info };
  return new Uint8Array(await crypto.subtle.deriveBits(params, ikm, bytes * 8));
}

async function thumbprint(key: Uint8Array): Promise<string> {
  return calculateJwkThumbprint(
    { kty: "oct", k: base64url.encode(key) },
    key.length === 64 ? "sha512" : "sha256",
  );
}

/** Replaces one character in the middle of segment `index`, or fills it when it is empty. */
function tamper(token: string, index: number): string {
  const segments = token.split(".");
  const segment = segments[index]!;
  if (segment === "") {
    segments[index] = "AAAA";
  } else {
    const at = Math.floor(segment.length / 2);
    const replacement = segment[at] === "A" ? "B" : "A";
    segments[index] = segment.slice(0, at) + replacement + segment.slice(at + 1);
  }
  return segments.join(".");
}

describe("encode", () => {
  it("makes a compact JWE with the Auth.js header and a kid that is the thumbprint of the HKDF key", async () => {
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SALT });
    expect(token.split(".")).toHaveLength(5);
    expect(token.split(".")[1]).toBe("");
    const kid = await thumbprint(await hkdfKey(SECRET, SALT, 64));
    expect(decodeProtectedHeader(token)).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid });
  });

  it("adds iat, exp (iat + maxAge) and a random jti, replacing ones already in the payload", async () => {
    const payload = { sub: "1", name: "Ada", iat: 1, exp: 2, jti: "old" };
    const token = await encode({ token: payload, secret: SECRET, salt: SALT, maxAge: 600, now: NOW + 999 });
    const decoded = await decode({ token, secret: SECRET, salt: SALT, now: NOW });
    const iat = NOW / 1000;
    expect(decoded).toMatchObject({ sub: "1", name: "Ada", iat, exp: iat + 600 });
    expect(decoded?.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = await decode({
      token: await encode({ token: payload, secret: SECRET, salt: SALT }),
      secret: SECRET,
      salt: SALT,
    });
    expect(again?.jti).not.toBe(decoded?.jti);
  });

  it("defaults maxAge to 30 days and the payload to an empty object", async () => {
    const token = await encode({ secret: SECRET, salt: SALT, now: NOW });
    const decoded = await decode({ token, secret: SECRET, salt: SALT, now: NOW });
    expect(Object.keys(decoded ?? {}).sort()).toEqual(["exp", "iat", "jti"]);
    expect(decoded?.exp).toBe(NOW / 1000 + 30 * DAY);
  });

  it("keeps a claim named __proto__ as a claim, without touching any prototype", async () => {
    const payload = JSON.parse('{"sub":"1","__proto__":{"admin":true}}') as Record<string, unknown>;
    const token = await encode({ token: payload, secret: SECRET, salt: SALT, now: NOW });
    const decoded = (await decode({ token, secret: SECRET, salt: SALT, now: NOW })) as Record<
      string,
      unknown
    >;
    expect(Object.hasOwn(decoded, "__proto__")).toBe(true);
    expect(decoded.admin).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("encrypts with the first secret of an array", async () => {
    const token = await encode({ token: { sub: "1" }, secret: [SECRET, OLD_SECRET], salt: SALT });
    expect(await decode({ token, secret: SECRET, salt: SALT })).toMatchObject({ sub: "1" });
    expect(await decode({ token, secret: OLD_SECRET, salt: SALT })).toBeNull();
  });

  describe("reuseRecent", () => {
    const base = { secret: SECRET, salt: SALT, reuseRecent: true };

    it("hands back the token issued for the same session and claims within the same second", async () => {
      const first = await encode({ ...base, token: { sub: "1", jti: "a", iat: 5 }, now: NOW });
      // Only iat and exp differ in what comes in: both are replaced anyway.
      const second = await encode({ ...base, token: { sub: "1", jti: "a", iat: 6 }, now: NOW + 999 });
      expect(second).toBe(first);
      expect(await decode({ token: second, secret: SECRET, salt: SALT, now: NOW })).toMatchObject({
        sub: "1",
        iat: NOW / 1000,
      });
    });

    type Change = {
      token: { sub: string; jti?: string };
      now: number;
      maxAge?: number;
      salt?: string;
      secret?: string;
    };
    it.each<[string, Change]>([
      ["the next second", { token: { sub: "1", jti: "a" }, now: NOW + 1000 }],
      ["other claims", { token: { sub: "2", jti: "a" }, now: NOW }],
      ["another maxAge", { token: { sub: "1", jti: "a" }, now: NOW, maxAge: 60 }],
      ["another salt", { token: { sub: "1", jti: "a" }, now: NOW, salt: SECURE_SALT }],
      ["another secret", { token: { sub: "1", jti: "a" }, now: NOW, secret: OLD_SECRET }],
      ["another session of the same user (another jti)", { token: { sub: "1", jti: "b" }, now: NOW }],
      ["a payload without a jti", { token: { sub: "1" }, now: NOW }],
    ])("issues a new token for %s", async (_case, change) => {
      const first = await encode({ ...base, token: { sub: "1", jti: "a" }, now: NOW });
      const other = await encode({ ...base, ...change });
      expect(other).not.toBe(first);
      const params = { secret: change.secret ?? SECRET, salt: change.salt ?? SALT, now: NOW };
      const decoded = await decode({ ...params, token: other });
      expect(decoded).toMatchObject({ sub: change.token.sub });
      expect(decoded?.jti).not.toBe(
        (await decode({ secret: SECRET, salt: SALT, now: NOW, token: first }))?.jti,
      );
    });

    it("is off by default: tokens minted by hand each get their own jti", async () => {
      await encode({ ...base, token: { sub: "1" }, now: NOW });
      const a = await encode({ token: { sub: "1" }, secret: SECRET, salt: SALT, now: NOW });
      const b = await encode({ token: { sub: "1" }, secret: SECRET, salt: SALT, now: NOW });
      expect(new Set([a, b]).size).toBe(2);
    });
  });
});

describe("interoperability with @auth/core/jwt", () => {
  for (const salt of [SALT, SECURE_SALT]) {
    it(`decodes a token that Auth.js encoded (salt ${salt})`, async () => {
      const token = await authEncode({ token: { sub: "42", email: "a@example.com" }, secret: SECRET, salt });
      expect(await decode({ token, secret: SECRET, salt })).toMatchObject({
        sub: "42",
        email: "a@example.com",
      });
    });

    it(`produces tokens that Auth.js decodes, with the same kid (salt ${salt})`, async () => {
      const ours = await encode({ token: { sub: "42", picture: null }, secret: SECRET, salt });
      expect(await authDecode({ token: ours, secret: SECRET, salt })).toMatchObject({
        sub: "42",
        picture: null,
      });
      const theirs = await authEncode({ token: {}, secret: SECRET, salt });
      expect(decodeProtectedHeader(ours)).toEqual(decodeProtectedHeader(theirs));
    });
  }

  it("decodes an Auth.js token made with the old secret when secrets are [new, old]", async () => {
    const token = await authEncode({ token: { sub: "rotated" }, secret: OLD_SECRET, salt: SECURE_SALT });
    const payload = await decode({ token, secret: [SECRET, OLD_SECRET], salt: SECURE_SALT });
    expect(payload).toMatchObject({ sub: "rotated" });
  });

  it("produces, from secrets [new, old], a token Auth.js decodes with [new] but not with [old]", async () => {
    const token = await encode({ token: { sub: "1" }, secret: [SECRET, OLD_SECRET], salt: SALT });
    expect(await authDecode({ token, secret: [SECRET], salt: SALT })).toMatchObject({ sub: "1" });
    await expect(authDecode({ token, secret: [OLD_SECRET], salt: SALT })).rejects.toThrow();
  });

  it("gives null where Auth.js throws: a token of another secret", async () => {
    const token = await authEncode({ token: { sub: "1" }, secret: OLD_SECRET, salt: SALT });
    await expect(authDecode({ token, secret: SECRET, salt: SALT })).rejects.toThrow();
    expect(await decode({ token, secret: SECRET, salt: SALT })).toBeNull();
  });
});

describe("decode", () => {
  it("accepts an A256GCM token whose 32-byte key comes from the same HKDF", async () => {
    const key = await hkdfKey(SECRET, SALT, 32);
    const token = await new EncryptJWT({ sub: "gcm" })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: await thumbprint(key) })
      .setExpirationTime("1h")
      .encrypt(key);
    expect(await decode({ token, secret: [OLD_SECRET, SECRET], salt: SALT })).toMatchObject({ sub: "gcm" });
  });

  it("tries a token without kid against the first secret only", async () => {
    const key = await hkdfKey(SECRET, SALT, 64);
    const token = await new EncryptJWT({ sub: "no-kid" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .encrypt(key);
    expect(await decode({ token, secret: [SECRET, OLD_SECRET], salt: SALT })).toMatchObject({
      sub: "no-kid",
    });
    expect(await decode({ token, secret: [OLD_SECRET, SECRET], salt: SALT })).toBeNull();
  });

  it("rejects a token encrypted for another salt", async () => {
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SALT });
    expect(await decode({ token, secret: SECRET, salt: SECURE_SALT })).toBeNull();
  });

  it("allows 15 seconds of clock skew after exp and no more", async () => {
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SALT, maxAge: 60, now: NOW });
    const exp = NOW + 60_000;
    expect(await decode({ token, secret: SECRET, salt: SALT, now: exp + 14_000 })).toMatchObject({
      sub: "1",
    });
    expect(await decode({ token, secret: SECRET, salt: SALT, now: exp + 16_000 })).toBeNull();
    expect(await decode({ token, secret: SECRET, salt: SALT, now: NOW + 60 * DAY * 1000 })).toBeNull();
  });

  for (const index of [0, 1, 2, 3, 4]) {
    it(`returns null for a token with segment ${index} tampered with`, async () => {
      const token = await encode({ token: { sub: "1" }, secret: SECRET, salt: SALT });
      const tampered = tamper(token, index);
      expect(tampered).not.toBe(token);
      expect(await decode({ token: tampered, secret: SECRET, salt: SALT })).toBeNull();
    });
  }

  it("returns null for a token of the right key but a forged kid", async () => {
    const key = await hkdfKey(SECRET, SALT, 64);
    const token = await new EncryptJWT({ sub: "1" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: "forged" })
      .encrypt(key);
    expect(await decode({ token, secret: SECRET, salt: SALT })).toBeNull();
  });

  it("returns null for hand-crafted 'alg: none' tokens", async () => {
    const encodeJson = (value: unknown) => base64url.encode(JSON.stringify(value));
    const claims = encodeJson({ sub: "admin", exp: NOW / 1000 + DAY });
    const unsecuredJwt = `${encodeJson({ alg: "none", typ: "JWT" })}.${claims}.`;
    const noneJwe = `${encodeJson({ alg: "none", enc: "A256CBC-HS512" })}..${claims}.${claims}.${claims}`;
    const noneEnc = `${encodeJson({ alg: "dir", enc: "none" })}..${claims}.${claims}.${claims}`;
    for (const token of [unsecuredJwt, noneJwe, noneEnc]) {
      expect(await decode({ token, secret: SECRET, salt: SALT, now: NOW })).toBeNull();
    }
  });

  it("returns null for a JWT signed (not encrypted) with the derived key", async () => {
    const token = await new SignJWT({ sub: "1" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(await hkdfKey(SECRET, SALT, 32));
    expect(await decode({ token, secret: SECRET, salt: SALT })).toBeNull();
  });

  it("returns null for an encrypted payload that is not a JSON object", async () => {
    const key = await hkdfKey(SECRET, SALT, 64);
    const token = await new CompactEncrypt(new TextEncoder().encode("[1,2]"))
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: await thumbprint(key) })
      .encrypt(key);
    expect(await decode({ token, secret: SECRET, salt: SALT })).toBeNull();
  });

  const garbage: Array<[string, unknown]> = [
    ["an empty string", ""],
    ["undefined", undefined],
    ["a number", 42],
    ["a single word", "garbage"],
    ["five empty segments", "...."],
    ["five junk segments", "a.b.c.d.e"],
    ["non-base64url characters", "!!.@@.##.$$.%%"],
    ["unicode", "🍪.🍪.🍪.🍪.🍪"],
    ["a header that is a JSON array", `${base64url.encode("[]")}..AAAA.AAAA.AAAA`],
    ["a header that is not JSON", `${base64url.encode("{")}..AAAA.AAAA.AAAA`],
    ["a one-megabyte string", "A".repeat(1 << 20)],
    ["six segments", "a.b.c.d.e.f"],
  ];
  for (const [title, token] of garbage) {
    it(`returns null for ${title}`, async () => {
      expect(await decode({ token: token as string, secret: SECRET, salt: SALT })).toBeNull();
    });
  }

  it("derives each key once: ten decodes after the first encode call deriveBits and digest no more", async () => {
    const salt = `cache-test-${randomHex(8)}`;
    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
    const digest = vi.spyOn(crypto.subtle, "digest");
    try {
      const token = await encode({ token: { sub: "1" }, secret: SECRET, salt });
      expect(deriveBits).toHaveBeenCalledTimes(1);
      const digestsAfterEncode = digest.mock.calls.length;
      for (let i = 0; i < 10; i++) {
        expect(await decode({ token, secret: SECRET, salt })).toMatchObject({ sub: "1" });
      }
      expect(deriveBits).toHaveBeenCalledTimes(1);
      expect(digest.mock.calls.length).toBe(digestsAfterEncode);
    } finally {
      deriveBits.mockRestore();
      digest.mockRestore();
    }
  });
});

describe("missing secret", () => {
  const missing: Array<[string, unknown]> = [
    ["undefined", undefined],
    ["an empty string", ""],
    ["an empty array", []],
    ["an array with an empty string", [SECRET, ""]],
  ];
  for (const [title, secret] of missing) {
    it(`encode and decode throw MissingSecret naming AUTH_SECRET for ${title}`, async () => {
      const params = { secret: secret as string, salt: SALT };
      await expect(encode(params)).rejects.toThrow(MissingSecret);
      await expect(decode({ ...params, token: "x" })).rejects.toThrow(/AUTH_SECRET/);
      await expect(decode({ ...params, token: "" })).rejects.toThrow(MissingSecret);
    });
  }
});

describe("getToken", () => {
  const ENV = [
    "AUTH_SECRET",
    "AUTH_SECRET_1",
    "AUTH_SECRET_2",
    "AUTH_SECRET_3",
    "NEXTAUTH_SECRET",
    "AUTH_URL",
  ];
  beforeEach(() => {
    for (const name of [...ENV, "NEXTAUTH_URL"]) vi.stubEnv(name, "");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const request = (url: string, headers: Record<string, string>) => new Request(url, { headers });

  it("reads a chunked session cookie and decodes it with the cookie name as salt", async () => {
    const token = await encode({ token: { sub: "1", blob: randomHex(4000) }, secret: SECRET, salt: SALT });
    const setCookies = writeChunked(SALT, token, { path: "/" }, new Map());
    expect(setCookies.length).toBeGreaterThan(2);
    const cookie = setCookies
      .map((c) => serializeCookie(c.name, c.value, c.options).split(";")[0])
      .reverse()
      .join("; ");
    const req = request("http://localhost/api", { cookie: `other=1; ${cookie}` });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "1" });
  });

  it("uses the __Secure- cookie name and salt for an https request", async () => {
    const token = await authEncode({ token: { sub: "s" }, secret: SECRET, salt: SECURE_SALT });
    const req = request("https://example.com/", { cookie: `${SECURE_SALT}=${token}; ${SALT}=junk` });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "s" });
    expect(await getToken({ req, secret: SECRET, secureCookie: false })).toBeNull();
  });

  it("infers a secure cookie from an https AUTH_URL when the request has no URL", async () => {
    vi.stubEnv("AUTH_URL", "https://example.com/auth");
    const token = await encode({ token: { sub: "env-url" }, secret: SECRET, salt: SECURE_SALT });
    const req = { headers: { Cookie: `${SECURE_SALT}=${token}` } };
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "env-url" });
  });

  it("reads a Bearer token, percent-decoded, when there is no session cookie", async () => {
    const token = await encode({ token: { sub: "bearer" }, secret: SECRET, salt: SALT });
    const req = request("http://localhost/", { authorization: `Bearer ${token.replaceAll(".", "%2E")}` });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "bearer" });
  });

  it("reads headers given as a plain record, case-insensitively", async () => {
    const token = await encode({ token: { sub: "record" }, secret: SECRET, salt: SALT });
    expect(
      await getToken({ req: { headers: { Authorization: `bearer ${token}` } }, secret: SECRET }),
    ).toMatchObject({
      sub: "record",
    });
  });

  it("prefers the session cookie over the Authorization header", async () => {
    const cookieToken = await encode({ token: { sub: "cookie" }, secret: SECRET, salt: SALT });
    const bearerToken = await encode({ token: { sub: "header" }, secret: SECRET, salt: SALT });
    const req = request("http://localhost/", {
      cookie: `${SALT}=${cookieToken}`,
      authorization: `Bearer ${bearerToken}`,
    });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "cookie" });
  });

  const nullCases: Array<[string, Record<string, string>]> = [
    ["no cookie and no Authorization header", {}],
    ["a Bearer token with malformed percent-encoding", { authorization: "Bearer %E0%A4%A" }],
    ["a session cookie with malformed percent-encoding", { cookie: `${SALT}=%E0%A4%A` }],
    ["an Authorization scheme other than Bearer", { authorization: "Basic dXNlcjpwYXNz" }],
    ["a Bearer header without a token", { authorization: "Bearer " }],
    ["a garbage session cookie", { cookie: `${SALT}=a.b.c.d.e` }],
  ];
  for (const [title, headers] of nullCases) {
    it(`returns null for ${title}`, async () => {
      expect(await getToken({ req: request("http://localhost/", headers), secret: SECRET })).toBeNull();
    });
  }

  it("returns the raw token string with raw: true, without needing a secret", async () => {
    const token = await encode({ token: { sub: "raw" }, secret: SECRET, salt: SALT });
    const raw = getToken({ req: request("http://localhost/", { cookie: `${SALT}=${token}` }), raw: true });
    expectTypeOf(raw).toEqualTypeOf<Promise<string | null>>();
    expect(await raw).toBe(token);
    const decoded = getToken({ req: request("http://localhost/", {}), secret: SECRET });
    expectTypeOf(decoded).toEqualTypeOf<Promise<JWT | null>>();
    expect(await decoded).toBeNull();
  });

  it("takes the secret from AUTH_SECRET_1..3 and AUTH_SECRET, newest first", async () => {
    vi.stubEnv("AUTH_SECRET_1", SECRET);
    vi.stubEnv("AUTH_SECRET", OLD_SECRET);
    const token = await authEncode({ token: { sub: "old" }, secret: OLD_SECRET, salt: SALT });
    const req = request("http://localhost/", { cookie: `${SALT}=${token}` });
    expect(await getToken({ req })).toMatchObject({ sub: "old" });
  });

  it("falls back to the legacy NEXTAUTH_SECRET", async () => {
    vi.stubEnv("NEXTAUTH_SECRET", SECRET);
    const token = await encode({ token: { sub: "legacy" }, secret: SECRET, salt: SALT });
    const req = request("http://localhost/", { cookie: `${SALT}=${token}` });
    expect(await getToken({ req })).toMatchObject({ sub: "legacy" });
  });

  it("throws MissingSecret when no secret is passed or set, even without a token", async () => {
    await expect(getToken({ req: request("http://localhost/", {}) })).rejects.toThrow(MissingSecret);
  });

  it("passes token, secret and salt to a custom decode, and answers null when it throws", async () => {
    const seen: unknown[] = [];
    const req = request("http://localhost/", { cookie: "my-cookie=opaque" });
    const result = await getToken({
      req,
      secret: SECRET,
      cookieName: "my-cookie",
      salt: "my-salt",
      decode: (params) => {
        seen.push(params);
        return { sub: "custom" };
      },
    });
    expect(result).toEqual({ sub: "custom" });
    expect(seen).toEqual([{ token: "opaque", secret: SECRET, salt: "my-salt" }]);
    const debug = vi.fn();
    const failing = getToken({
      req,
      secret: SECRET,
      cookieName: "my-cookie",
      logger: { debug },
      decode: () => {
        throw new Error("boom");
      },
    });
    expect(await failing).toBeNull();
    expect(debug).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(debug.mock.calls)).not.toContain("opaque");
  });
});
