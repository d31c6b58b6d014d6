import { describe, expect, it } from "vitest";
import { safeCssColor, safeImageUrl, safeLinkUrl } from "../../src/pages/sanitize";

describe("safeCssColor", () => {
  it.each([
    ["#abc"],
    ["#A1B2C3"],
    ["#a1b2c3d4"],
    ["rebeccapurple"],
    ["rgb(10, 20, 30)"],
    ["rgba(10,20,30,0.5)"],
    ["hsl(210, 50%, 40%)"],
    ["hsla(210 50% 40% 50%)"],
  ])("accepts %s", (color) => {
    expect(safeCssColor(color)).toBe(color);
  });

  it("trims surrounding whitespace", () => {
    expect(safeCssColor("  #fff ")).toBe("#fff");
  });

  it.each([
    ["red;}</style><script>"],
    ["#abcd"],
    ["#12345"],
    ["#ggg"],
    ["red; background:url(x)"],
    ["rgb(1,2,3);x"],
    ["rgb(1 2 3 / 50%)"],
    ["var(--x)"],
    ["url(https://evil.example/x)"],
    ["expression(alert(1))"],
    ["hsl(1deg,2%,3%)"],
    [""],
    ["red\\;"],
  ])("rejects %j", (color) => {
    expect(safeCssColor(color)).toBeUndefined();
  });

  it("rejects values that are not strings", () => {
    expect(safeCssColor(123)).toBeUndefined();
    expect(safeCssColor({ toString: () => "red" })).toBeUndefined();
  });
});

describe("safeImageUrl", () => {
  it.each([
    ["https://cdn.example.com/logo.svg", "https://cdn.example.com/logo.svg"],
    ["http://example.com/a.png", "http://example.com/a.png"],
    ["HTTPS://EXAMPLE.com/a.png", "https://example.com/a.png"],
    ["/static/logo.png", "/static/logo.png"],
  ])("accepts %s", (url, expected) => {
    expect(safeImageUrl(url)).toBe(expected);
  });

  it.each([
    ["javascript:alert(1)"],
    [" javascript:alert(1)"],
    ["data:image/svg+xml,<svg onload=alert(1)>"],
    ["//evil.example/logo.png"],
    ["/\\evil.example/logo.png"],
    ["/\t/evil.example/logo.png"],
    ["/logo.png\n"],
    ["logo.png"],
    ["ftp://example.com/logo.png"],
    ["vbscript:msgbox(1)"],
    [""],
  ])("rejects %j", (url) => {
    expect(safeImageUrl(url)).toBeUndefined();
  });

  it("rejects values that are not strings", () => {
    expect(safeImageUrl(undefined)).toBeUndefined();
    expect(safeImageUrl(["/a.png"])).toBeUndefined();
  });
});

describe("safeLinkUrl", () => {
  it.each([
    ["/auth/signin"],
    ["https://example.com/"],
    ["HTTP://example.com/"],
    ["?error=x"],
    ["relative/path:with-colon"],
  ])("keeps %s", (url) => {
    expect(safeLinkUrl(url)).toBe(url);
  });

  it.each([
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    [" javascript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
  ])("replaces %j with #", (url) => {
    expect(safeLinkUrl(url)).toBe("#");
  });
});
