import { requestOrigin, webProtocol } from "@portcullis/core";
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

  it("takes http and https in any case, and answers undefined for any other scheme", () => {
    expect(requestOrigin("HTTPS", "example.com")).toBe("https://example.com");
    for (const protocol of ["ws", "ftp", "javascript", "foo", ""])
      expect(requestOrigin(protocol, "example.com")).toBeUndefined();
  });
});

describe("webProtocol", () => {
  const plain = {};
  const tls = { encrypted: true };

  it("keeps a resolved http or https, lowercased", () => {
    expect(webProtocol("https", plain)).toBe("https");
    expect(webProtocol("HTTP", tls)).toBe("http");
  });

  it("ignores any other scheme (a trusted proxy's X-Forwarded-Proto) for the connection's own", () => {
    for (const resolved of ["ws", "javascript", "foo", "", undefined]) {
      expect(webProtocol(resolved, plain)).toBe("http");
      expect(webProtocol(resolved, tls)).toBe("https");
    }
    expect(webProtocol("wss", undefined)).toBe("http");
  });
});
