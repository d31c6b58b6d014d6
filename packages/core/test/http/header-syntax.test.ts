/**
 * `isPlainHeaderValue` must say exactly when undici's Headers keeps a value as given: true only
 * where Headers neither throws nor trims.
 */
import { isPlainHeaderValue } from "@portcullis/core/http/header-syntax";
import { describe, expect, it } from "vitest";

function headersKeeps(value: string): boolean {
  try {
    return new Headers({ x: value }).get("x") === value;
  } catch {
    return false;
  }
}

const cookie = `authjs.session-token=${"eyJhbGciOiJkaXIi".repeat(40)}; authjs.csrf-token=a%7Cb`;

describe("isPlainHeaderValue", () => {
  it.each([
    ["empty", ""],
    ["one letter", "a"],
    ["inner space", "a b"],
    ["leading space", " a"],
    ["trailing space", "a "],
    ["leading tab", "\ta"],
    ["trailing tab", "a\t"],
    ["only a space", " "],
    ["inner tab", "a\tb"],
    ["SOH", "\u0001"],
    ["vertical tab and form feed", "a\u000b\u000cb"],
    ["DEL", "a\u007fb"],
    ["Latin-1 letter", "café"],
    ["ÿ", "\u00ff"],
    ["beyond Latin-1", "a\u0100b"],
    ["an emoji", "a😀"],
    ["a lone surrogate", "a\ud800"],
    ["NUL", "a\u0000b"],
    ["LF", "a\nb"],
    ["CR", "a\rb"],
    ["a session cookie header", cookie],
    ["a session cookie header with a CR in it", `${cookie}\r`],
    [
      "a session cookie header with a wide character in the middle",
      `${cookie.slice(0, 300)}ā${cookie.slice(300)}`,
    ],
  ])("%s: as Headers does", (_, value) => {
    expect(isPlainHeaderValue(value)).toBe(headersKeeps(value));
  });
});
