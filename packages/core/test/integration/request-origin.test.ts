import { requestOrigin } from "@portcullis/core";
import { describe, expect, it } from "vitest";

describe("requestOrigin", () => {
  it("joins the protocol and a plain host with or without a port", () => {
    expect(requestOrigin("https", "example.com:8443")).toBe("https://example.com:8443");
    expect(requestOrigin("http", "127.0.0.1")).toBe("http://127.0.0.1");
    expect(requestOrigin("http", "[::1]:3000")).toBe("http://[::1]:3000");
    expect(requestOrigin("http", "my_app:3000")).toBe("http://my_app:3000");
  });

  it("answers undefined for a missing host or one carrying anything but host and port", () => {
    for (const host of [
      undefined,
      "",
      "a b",
      "evil.example/x",
      "evil.example?x",
      "user@evil.example",
      "[::1",
    ])
      expect(requestOrigin("http", host)).toBeUndefined();
  });

  it("answers undefined for a bracketed address the URL parser refuses", () => {
    expect(requestOrigin("http", "[:::]")).toBeUndefined();
  });
});
