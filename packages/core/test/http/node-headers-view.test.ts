/**
 * Node's parsed request headers read through `nodeHeadersView`: every answer is the one a real
 * `Headers` copy (`headersFromNode`) gives, and a session read through the Node glue copies no
 * header through undici's Headers on either side.
 */

import type { IncomingMessage } from "node:http";
import { Auth, type AuthConfig } from "@portcullis/core";
import { nodeHeadersView } from "@portcullis/core/http/node-headers-view";
import { encode } from "@portcullis/core/jwt";
import { headersFromNode, nodeHeadersOf, requestFromNode } from "@portcullis/core/node";
import Credentials from "@portcullis/core/providers/credentials";
import { afterEach, describe, expect, it, vi } from "vitest";

type NodeRecord = Record<string, string | string[] | undefined>;

function nodeRecord(entries: NodeRecord): NodeRecord {
  return Object.assign(Object.create(null) as NodeRecord, entries);
}

const parsed = nodeRecord({
  host: "example.com",
  cookie: "a=1; b=2",
  "x-forwarded-host": "proxy.example",
  accept: ["text/html", "application/json"],
  "x-padded": "  spaced\t",
  "x-latin": "caf\u00e9",
  "user-agent": undefined,
});
const omit = new Set(["x-forwarded-host"]);
const asked = [
  "host",
  "Host",
  "COOKIE",
  "x-forwarded-host",
  "accept",
  "x-padded",
  "x-latin",
  "user-agent",
  "absent",
];

describe("nodeHeadersView", () => {
  it("answers get and has as a Headers copy of the same record does", () => {
    const view = nodeHeadersView(parsed, omit);
    const copy = headersFromNode(parsed, omit);
    for (const name of asked) {
      expect(view.get(name), name).toBe(copy.get(name));
      expect(view.has(name), name).toBe(copy.has(name));
    }
  });

  it("refuses an invalid name as Headers does", () => {
    const view = nodeHeadersView(parsed);
    expect(() => view.get("bad name")).toThrow(TypeError);
    expect(() => view.has("")).toThrow(TypeError);
  });

  it("is a Headers for everything else, and sees its own changes", () => {
    const view = nodeHeadersView(parsed, omit);
    expect(view).toBeInstanceOf(Headers);
    expect([...view]).toEqual([...headersFromNode(parsed, omit)]);
    view.set("cookie", "c=3");
    view.delete("host");
    expect(view.get("cookie")).toBe("c=3");
    expect(view.has("host")).toBe(false);
    expect(new Headers(view).get("cookie")).toBe("c=3");
    expect(new Request("http://example.com/", { headers: view }).headers.get("accept")).toBe(
      "text/html, application/json",
    );
  });
});

describe("a session read through the Node glue", () => {
  const secret = "a-test-secret-that-is-long-enough-for-jwt";
  const config: AuthConfig = {
    secret,
    trustHost: true,
    basePath: "/auth",
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
  };

  afterEach(() => vi.restoreAllMocks());

  it("reads the request's headers and writes the answer's without copying one through Headers", async () => {
    const token = await encode({
      token: { sub: "u-1", name: "Alice" },
      secret,
      salt: "authjs.session-token",
    });
    const req = {
      method: "GET",
      url: "/auth/session",
      headers: nodeRecord({ host: "example.com", cookie: `authjs.session-token=${token}` }),
      readableEnded: true,
    } as unknown as IncomingMessage;
    const append = vi.spyOn(Headers.prototype, "append");
    const set = vi.spyOn(Headers.prototype, "set");
    const response = await Auth(requestFromNode(req, { origin: "http://example.com" }), config);
    const written = nodeHeadersOf(response);
    expect(append).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
    expect(JSON.parse(await response.text())).toMatchObject({ user: { name: "Alice" } });
    expect(written["content-type"]).toBe("application/json");
    expect(
      (written["set-cookie"] as string[]).some((cookie) => cookie.startsWith("authjs.session-token=")),
    ).toBe(true);
    // The same answer read through its Headers, as any other consumer would.
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect(nodeHeadersOf(response)).toEqual(written);
  });
});
