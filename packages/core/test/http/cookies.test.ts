import { describe, expect, it } from "vitest";
import {
  CHUNK_SIZE,
  clearChunked,
  cookieValues,
  parseCookies,
  readChunked,
  type SetCookie,
  serializeCookie,
  writeChunked,
} from "../../src/http/cookies";
import type { CookieSerializeOptions } from "../../src/types";

const SESSION = "__Secure-authjs.session-token";
const OPTIONS: CookieSerializeOptions = { httpOnly: true, sameSite: "lax", path: "/", secure: true };

/** What a browser would send back after storing these Set-Cookie headers (ignores expired ones). */
function browserCookieHeader(headers: string[]): string {
  const jar = new Map<string, string>();
  for (const header of headers) {
    const [pair, ...attributes] = header.split("; ");
    const equals = pair!.indexOf("=");
    const name = pair!.slice(0, equals);
    if (attributes.includes("Max-Age=0")) jar.delete(name);
    else jar.set(name, pair!.slice(equals + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

function serializeAll(cookies: SetCookie[]): string[] {
  return cookies.map((c) => serializeCookie(c.name, c.value, c.options));
}

describe("parseCookies", () => {
  it("reads name/value pairs separated by semicolons and trims spaces and tabs", () => {
    const cookies = parseCookies("a=1; b=2;\tc = 3 ;d=");
    expect([...cookies]).toEqual([
      ["a", "1"],
      ["b", "2"],
      ["c", "3"],
      ["d", ""],
    ]);
  });

  it("percent-decodes values", () => {
    expect(parseCookies("cb=http%3A%2F%2Flocalhost%3A3000%2F").get("cb")).toBe("http://localhost:3000/");
  });

  it("keeps a value with malformed percent-encoding raw instead of throwing", () => {
    const cookies = parseCookies("bad=%E0%A4%A; good=%41");
    expect(cookies.get("bad")).toBe("%E0%A4%A");
    expect(cookies.get("good")).toBe("A");
  });

  it.each([
    "a%7Cb",
    "%7c%7C",
    "%3A%2F%2F",
    "%00%1f%7F",
    "%E2%82%AC",
    "a%7C%E2%82%AC",
    "%C3",
    "%80",
    "%",
    "%4",
    "%zz",
    "x%2",
    "%%41",
    "100%",
    "%4g",
    "%g4",
  ])("decodes %s exactly as decodeURIComponent does, or keeps it raw where that throws", (raw) => {
    let expected: string;
    try {
      expected = decodeURIComponent(raw);
    } catch {
      expected = raw;
    }
    expect(parseCookies(`v=${raw}`).get("v")).toBe(expected);
  });

  it("keeps everything after the first '=' as the value", () => {
    expect(parseCookies("t=a=b==").get("t")).toBe("a=b==");
  });

  const long = `big=${"x".repeat(100_000)}`;
  const badHeaders: Array<[string, string | null | undefined, Array<[string, string]>]> = [
    ["null", null, []],
    ["undefined", undefined, []],
    ["an empty header", "", []],
    ["only separators", ";;;", []],
    ["only spaces", "   ", []],
    ["a pair with an empty name", "=x", []],
    ["a pair with a blank name", "  =x; y=1", [["y", "1"]]],
    ["pairs without '='", "flag; other; z=2", [["z", "2"]]],
    ["a lone '='", "=", []],
    ["a very long value", long, [["big", "x".repeat(100_000)]]],
    [
      "unicode names and values",
      "név=érték; 🍪=%F0%9F%8D%AA",
      [
        ["név", "érték"],
        ["🍪", "🍪"],
      ],
    ],
    ["a name repeated with different values (left out)", "dup=first; x=1; dup=second", [["x", "1"]]],
    ["a name repeated three times, the last like the first (left out)", "d=1; d=2; d=1", []],
    ["a name repeated with the same value (read once)", "dup=same; dup=same", [["dup", "same"]]],
    ["a name repeated with the same value spelled two ways (read once)", "dup=%41; dup=A", [["dup", "A"]]],
    ["a name repeated, once empty (left out)", "dup=; dup=value", []],
    ["a lone percent sign", "p=%", [["p", "%"]]],
    ["a lone surrogate escape", "s=%ED%A0%80", [["s", "%ED%A0%80"]]],
    ["a trailing semicolon", "a=1;", [["a", "1"]]],
    ["a '__proto__' name", "__proto__=x", [["__proto__", "x"]]],
  ];
  for (const [title, header, expected] of badHeaders) {
    it(`does not throw on ${title}`, () => {
      expect([...parseCookies(header)]).toEqual(expected);
    });
  }

  it("names each cookie left out for disagreeing duplicates once, and never its values", () => {
    const reported: string[] = [];
    parseCookies("a=1; b=x; a=2; b=x; c=1; c=2; c=3", (name) => reported.push(name));
    expect(reported).toEqual(["a", "c"]);
  });
});

describe("serializeCookie", () => {
  it("writes every attribute in the documented order", () => {
    const header = serializeCookie("n", "v", {
      maxAge: 900,
      domain: "example.com",
      path: "/",
      expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
      httpOnly: true,
      secure: true,
      partitioned: true,
      sameSite: "lax",
    });
    expect(header).toBe(
      "n=v; Max-Age=900; Domain=example.com; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; Partitioned; SameSite=Lax",
    );
  });

  it("percent-encodes the value so separators and non-ASCII cannot break the header", () => {
    expect(serializeCookie("n", 'a b;c,d"é', {})).toBe("n=a%20b%3Bc%2Cd%22%C3%A9");
  });

  it("encodes every value exactly as encodeURIComponent does", () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join("");
    const values = [
      ascii,
      `${"a".repeat(64)}|${"f".repeat(64)}`,
      "http://127.0.0.1:3000/dashboard?tab=1&x=a b#top",
      "plain-JWE.value_~*'()!",
      "é at the start",
      "ends with ✓",
      "emoji 🔒 in the middle",
      "%already%20encoded",
      "",
    ];
    for (const value of values)
      expect(serializeCookie("n", value, {})).toBe(`n=${encodeURIComponent(value)}`);
  });

  it("escapes each ASCII character alone among safe ones as encodeURIComponent does", () => {
    for (let code = 0; code < 128; code++) {
      const value = `eyJ${String.fromCharCode(code)}abc.DEF-_`;
      expect(serializeCookie("n", value, {})).toBe(`n=${encodeURIComponent(value)}`);
    }
  });

  it("refuses a value with a lone surrogate, naming the cookie", () => {
    expect(() => serializeCookie("n", "a\ud800b", {})).toThrow(/the value of "n" is not well-formed Unicode/);
  });

  it("maps sameSite true to Strict and accepts the three keywords in any case", () => {
    expect(serializeCookie("n", "", { sameSite: true })).toBe("n=; SameSite=Strict");
    expect(serializeCookie("n", "", { sameSite: "strict" })).toBe("n=; SameSite=Strict");
    expect(serializeCookie("n", "", { sameSite: "none" })).toBe("n=; SameSite=None");
    expect(serializeCookie("n", "", { sameSite: "LAX" as "lax" })).toBe("n=; SameSite=Lax");
    expect(serializeCookie("n", "", { sameSite: false })).toBe("n=");
  });

  it("writes Max-Age=0 and rounds a fractional maxAge down", () => {
    expect(serializeCookie("n", "", { maxAge: 0 })).toBe("n=; Max-Age=0");
    expect(serializeCookie("n", "", { maxAge: 59.9 })).toBe("n=; Max-Age=59");
  });

  const invalid: Array<[string, () => string]> = [
    ["an empty name", () => serializeCookie("", "v", {})],
    ["a name with a space", () => serializeCookie("a b", "v", {})],
    ["a name with '='", () => serializeCookie("a=b", "v", {})],
    ["a name with ';'", () => serializeCookie("a;b", "v", {})],
    ["a non-ASCII name", () => serializeCookie("név", "v", {})],
    ["a domain with ';'", () => serializeCookie("n", "v", { domain: "example.com; Secure" })],
    ["a domain with a space", () => serializeCookie("n", "v", { domain: "exa mple.com" })],
    ["a path with ';'", () => serializeCookie("n", "v", { path: "/; Domain=evil.com" })],
    ["a path with a newline", () => serializeCookie("n", "v", { path: "/\r\nSet-Cookie: x=y" })],
    ["an invalid Date", () => serializeCookie("n", "v", { expires: new Date(Number.NaN) })],
    ["an infinite maxAge", () => serializeCookie("n", "v", { maxAge: Number.POSITIVE_INFINITY })],
    ["an unknown sameSite", () => serializeCookie("n", "v", { sameSite: "loose" as "lax" })],
    ["a value with a lone surrogate", () => serializeCookie("n", "secret\ud800", {})],
  ];
  for (const [title, call] of invalid) {
    it(`throws a TypeError for ${title}`, () => {
      expect(call).toThrow(TypeError);
    });
  }

  it("never puts the value in the error message", () => {
    expect(() => serializeCookie("n", "token-\ud800", {})).toThrow(/^(?!.*token-)/);
  });
});

describe("readChunked", () => {
  it("returns undefined when no cookie of the family is present", () => {
    expect(
      readChunked(parseCookies("other=1; authjs.session-tokenx=2"), "authjs.session-token"),
    ).toBeUndefined();
  });

  it("returns the bare cookie when it is not chunked", () => {
    expect(readChunked(parseCookies("authjs.session-token=abc"), "authjs.session-token")).toBe("abc");
  });

  it("joins chunks in numeric order, not header or text order", () => {
    const parts = Array.from({ length: 12 }, (_, i) => `authjs.session-token.${i}=p${i}-`);
    const header = parts.reverse().join("; ");
    const expected = Array.from({ length: 12 }, (_, i) => `p${i}-`).join("");
    expect(readChunked(parseCookies(header), "authjs.session-token")).toBe(expected);
  });

  it("skips empty chunks and ignores names that only look like chunks", () => {
    const header = "s.1=b; s.0=a; s.2=; s.x=no; s.1a=no; s.=no; s2=no";
    expect(readChunked(parseCookies(header), "s")).toBe("ab");
  });

  it("returns undefined when every cookie of the family is empty", () => {
    expect(readChunked(parseCookies("s=; s.0="), "s")).toBeUndefined();
  });

  // A family no writer produces holds a cookie someone else planted: it reads as absent.
  it.each([
    ["the bare cookie next to a chunk", "s=whole; s.0=planted"],
    ["a run with a gap", "s.0=a; s.2=c"],
    ["a run not starting at .0 (chunk 0 left out as a disagreeing duplicate)", "s.0=a; s.0=x; s.1=b"],
    ["a suffix that comes twice", "s.0=a; s.1=b; s.01=c"],
  ])("returns undefined for %s", (_title, header) => {
    expect(readChunked(parseCookies(header), "s")).toBeUndefined();
  });
});

describe("cookieValues", () => {
  it("answers each distinct non-empty value of one name, in header order", () => {
    expect(cookieValues("s=a; t=z; s=b; s=a; s=", "s")).toEqual(["a", "b"]);
  });

  it("answers at most the first four, so a header of many copies cannot cost a lookup each", () => {
    const header = Array.from({ length: 50 }, (_, i) => `s=v${i}`).join("; ");
    expect(cookieValues(header, "s")).toEqual(["v0", "v1", "v2", "v3"]);
  });

  it("answers none for an absent header or name", () => {
    expect(cookieValues(undefined, "s")).toEqual([]);
    expect(cookieValues("t=1", "s")).toEqual([]);
  });
});

describe("writeChunked", () => {
  it("writes a single cookie when the value fits in one chunk", () => {
    const value = "v".repeat(CHUNK_SIZE);
    expect(writeChunked("s", value, OPTIONS, new Map())).toEqual([{ name: "s", value, options: OPTIONS }]);
  });

  it("splits a value over CHUNK_SIZE characters into numbered chunks", () => {
    const value = "v".repeat(CHUNK_SIZE * 2 + 1);
    const cookies = writeChunked("s", value, OPTIONS, new Map());
    expect(cookies.map((c) => [c.name, c.value.length])).toEqual([
      ["s.0", CHUNK_SIZE],
      ["s.1", CHUNK_SIZE],
      ["s.2", 1],
    ]);
  });

  it("round-trips a value over 8 KB through Set-Cookie headers, a Cookie header and readChunked", () => {
    const value = `${"eyJhbGciOiJkaXIi".repeat(600)}.~!*'()é€😀`;
    expect(value.length).toBeGreaterThan(8192);
    const headers = serializeAll(writeChunked(SESSION, value, OPTIONS, new Map()));
    expect(headers.length).toBe(3);
    for (const header of headers) expect(header.length).toBeLessThanOrEqual(4096);
    const cookies = parseCookies(browserCookieHeader(headers));
    expect(readChunked(cookies, SESSION)).toBe(value);
  });

  it("never splits a surrogate pair across two chunks", () => {
    const value = `${"a".repeat(CHUNK_SIZE - 1)}😀${"b".repeat(10)}`;
    const cookies = writeChunked("s", value, OPTIONS, new Map());
    expect(cookies.map((c) => c.value.length)).toEqual([CHUNK_SIZE - 1, 12]);
    const headers = serializeAll(cookies);
    expect(readChunked(parseCookies(browserCookieHeader(headers)), "s")).toBe(value);
  });

  it("clears the stale chunks when a 3-chunk value shrinks to one cookie", () => {
    const big = "x".repeat(CHUNK_SIZE * 2 + 10);
    const first = serializeAll(writeChunked(SESSION, big, OPTIONS, new Map()));
    const request = parseCookies(browserCookieHeader(first));
    expect([...request.keys()]).toEqual([`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.2`]);

    const second = writeChunked(SESSION, "small", OPTIONS, request);
    expect(second.map((c) => [c.name, c.value, c.options.maxAge])).toEqual([
      [SESSION, "small", undefined],
      [`${SESSION}.0`, "", 0],
      [`${SESSION}.1`, "", 0],
      [`${SESSION}.2`, "", 0],
    ]);
    const headers = serializeAll(second);
    expect(headers[1]).toBe(
      `${SESSION}.0=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax`,
    );
    const after = parseCookies(browserCookieHeader([...first, ...headers]));
    expect([...after.keys()]).toEqual([SESSION]);
    expect(readChunked(after, SESSION)).toBe("small");
  });

  it("clears the bare cookie and surplus chunks when a value grows into fewer chunks than before", () => {
    const request = parseCookies("s=old; s.0=a; s.1=b; s.2=c; s.3=d; unrelated=1");
    const cookies = writeChunked("s", "y".repeat(CHUNK_SIZE + 1), OPTIONS, request);
    expect(cookies.map((c) => [c.name, c.options.maxAge])).toEqual([
      ["s.0", undefined],
      ["s.1", undefined],
      ["s", 0],
      ["s.2", 0],
      ["s.3", 0],
    ]);
  });

  it("clears a zero-padded chunk name that the new chunks would not overwrite", () => {
    const request = parseCookies("s.00=a; s.01=b");
    const cookies = writeChunked("s", "z".repeat(CHUNK_SIZE + 1), OPTIONS, request);
    expect(cookies.filter((c) => c.options.maxAge === 0).map((c) => c.name)).toEqual(["s.00", "s.01"]);
  });
});

describe("clearChunked", () => {
  it("always deletes the bare name, even when the request has no cookie", () => {
    const cookies = clearChunked("s", OPTIONS, new Map());
    expect(serializeAll(cookies)).toEqual([
      "s=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax",
    ]);
  });

  it("deletes every chunk present in the request and leaves other cookies alone", () => {
    const cookies = clearChunked("s", OPTIONS, parseCookies("s.0=a; s.1=b; s=c; sx=1; t.0=2"));
    expect(cookies.map((c) => [c.name, c.value, c.options.maxAge])).toEqual([
      ["s", "", 0],
      ["s.0", "", 0],
      ["s.1", "", 0],
    ]);
  });
});
