/** Node's parsed headers, as Express, Fastify and the Pages Router hand them over, as Web Headers. */
import { headersFromNode } from "@portcullis/core/node";
import { describe, expect, it } from "vitest";

describe("headersFromNode", () => {
  it("copies each header, and each value of one Node keeps as an array", () => {
    const headers = headersFromNode({
      host: "example.com",
      cookie: "a=1; b=2",
      "set-cookie": ["x=1; Path=/", "y=2; Path=/"],
      accept: ["text/html", "application/json"],
    });
    expect(headers.get("host")).toBe("example.com");
    expect(headers.get("cookie")).toBe("a=1; b=2");
    expect(headers.getSetCookie()).toEqual(["x=1; Path=/", "y=2; Path=/"]);
    expect(headers.get("accept")).toBe("text/html, application/json");
  });

  it("leaves out the names it is told to and the headers without a value", () => {
    const headers = headersFromNode(
      { host: "example.com", "x-forwarded-host": "evil.example", "content-length": "12", absent: undefined },
      new Set(["x-forwarded-host", "content-length"]),
    );
    expect([...headers.keys()]).toEqual(["host"]);
  });
});
