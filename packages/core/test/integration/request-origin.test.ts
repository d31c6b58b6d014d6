import { requestOrigin, sessionAt } from "@portcullis/core";
import { describe, expect, it } from "vitest";
import { client, config, signIn } from "../auth/helpers";

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

describe("sessionAt", () => {
  async function sessionCookie(cfg: ReturnType<typeof config>): Promise<string> {
    const c = client(cfg, "http://app.example");
    await signIn(c);
    return `authjs.session-token=${c.jar.cookies.get("authjs.session-token")!.value}`;
  }

  it("answers the session of the cookie at the origin the framework resolved", async () => {
    const cfg = config();
    const session = await sessionAt("http", "app.example", await sessionCookie(cfg), cfg);
    expect(session?.user).toMatchObject({ email: "alice@example.com" });
  });

  it.each([
    ["no cookie", "http", "app.example", undefined],
    ["a cookie that does not decrypt", "http", "app.example", "authjs.session-token=forged"],
    ["a host that is not host[:port]", "http", "evil.example/x", "VALID"],
    ["no host", "http", undefined, "VALID"],
  ])("answers null for %s", async (_case, protocol, host, cookie) => {
    const cfg = config();
    const sent = cookie === "VALID" ? await sessionCookie(cfg) : cookie;
    expect(await sessionAt(protocol, host, sent, cfg)).toBeNull();
  });
});
