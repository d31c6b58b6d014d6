/**
 * On Node, Auth's responses keep their body as a string until it is read; they must still behave
 * as Response does for every way a consumer can read them.
 */
import { Readable } from "node:stream";
import { isNode, textResponse } from "@portcullis/core/http/memory-response";
import { nodeHeadersOf } from "@portcullis/core/node";
import { describe, expect, it } from "vitest";

const body = '{"user":{"name":"Alice","email":"alice@example.com"},"expires":"2026-12-21T00:00:00.000Z"}';

function response(text = body, status = 200): Response {
  return textResponse(text, { status, headers: { "Content-Type": "application/json" } });
}

async function readStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

describe("textResponse on Node", () => {
  it("is a Response with the given status and headers", () => {
    const answer = response(body, 400);
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(400);
    expect(answer.ok).toBe(false);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.bodyUsed).toBe(false);
  });

  it.each([
    ["text", (r: Response) => r.text(), body],
    ["json", (r: Response) => r.json(), JSON.parse(body)],
    ["arrayBuffer", async (r: Response) => new TextDecoder().decode(await r.arrayBuffer()), body],
    ["blob", async (r: Response) => (await r.blob()).text(), body],
    ["body stream", (r: Response) => readStream(r.body!), body],
    [
      "Readable.fromWeb",
      async (r: Response) => (await Readable.fromWeb(r.body! as never).toArray()).join(""),
      body,
    ],
  ])("gives the whole body through %s", async (_, read, expected) => {
    expect(await read(response())).toEqual(expected);
  });

  it("gives non-ASCII text as UTF-8 bytes of exactly its length", async () => {
    const bytes = await response('"Zoë ✓"').arrayBuffer();
    expect(bytes.byteLength).toBe(new TextEncoder().encode('"Zoë ✓"').byteLength);
    expect(new TextDecoder().decode(bytes)).toBe('"Zoë ✓"');
  });

  it("gives the blob the response's content type", async () => {
    expect((await response().blob()).type).toBe("application/json");
  });

  it("parses a form body with formData", async () => {
    const answer = textResponse("a=1&b=two", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(Object.fromEntries(await answer.formData())).toEqual({ a: "1", b: "two" });
  });

  it.each([
    ["text", (r: Response) => r.text()],
    ["json", (r: Response) => r.json()],
    ["arrayBuffer", (r: Response) => r.arrayBuffer()],
    ["blob", (r: Response) => r.blob()],
    ["formData", (r: Response) => r.formData()],
  ])("refuses a second read through %s, as Response does", async (_, read) => {
    const answer = response();
    await answer.text();
    expect(answer.bodyUsed).toBe(true);
    await expect(read(answer)).rejects.toThrow(TypeError);
  });

  it("still reads fast after a consumer only checked that there is a body", async () => {
    const answer = response();
    expect(answer.body).not.toBeNull();
    expect(answer.body).toBe(answer.body);
    expect(await answer.text()).toBe(body);
    expect(await readStream(answer.body!)).toBe("");
  });

  it("marks the body used once its stream has been read, and refuses text() after", async () => {
    const answer = response();
    expect(await readStream(answer.body!)).toBe(body);
    expect(answer.bodyUsed).toBe(true);
    await expect(answer.text()).rejects.toThrow(TypeError);
  });

  it("refuses text() while a reader holds the stream", async () => {
    const answer = response();
    const reader = answer.body!.getReader();
    await expect(answer.text()).rejects.toThrow(TypeError);
    expect(() => answer.clone()).toThrow(TypeError);
    reader.releaseLock();
  });

  it("clones into an independent response before it is read, and refuses to clone after", async () => {
    const answer = response(body, 201);
    const copy = answer.clone();
    expect(copy.status).toBe(201);
    expect(copy.headers.get("content-type")).toBe("application/json");
    expect(await copy.text()).toBe(body);
    expect(await answer.text()).toBe(body);
    expect(() => answer.clone()).toThrow(TypeError);
  });

  it("can be re-wrapped as new Response(response.body, response), as frameworks do", async () => {
    const answer = response(body, 202);
    answer.headers.append("Set-Cookie", "a=1; Path=/");
    const wrapped = new Response(answer.body, answer);
    expect(wrapped.status).toBe(202);
    expect(wrapped.headers.getSetCookie()).toEqual(["a=1; Path=/"]);
    expect(await wrapped.text()).toBe(body);
    expect(answer.bodyUsed).toBe(true);
  });
});

describe("textResponse without a body, as redirects have", () => {
  const redirect = () => textResponse(null, { status: 302, headers: { Location: "/next" } });

  it("has a null body and reads as empty, again and again, as Response does", async () => {
    const answer = redirect();
    const plain = new Response(null, { status: 302 });
    expect(answer.body).toBe(plain.body);
    expect(await answer.text()).toBe(await plain.text());
    expect((await answer.arrayBuffer()).byteLength).toBe(0);
    expect(await answer.text()).toBe("");
    expect(answer.bodyUsed).toBe(plain.bodyUsed);
    expect(answer.headers.get("location")).toBe("/next");
  });

  it("rejects json() as a Response without a body does", async () => {
    await expect(redirect().json()).rejects.toThrow(SyntaxError);
  });

  it("clones, and the clone has no body either", async () => {
    const copy = redirect().clone();
    expect(copy.status).toBe(302);
    expect(copy.body).toBeNull();
    expect(await copy.text()).toBe("");
  });
});

describe("runtime detection", () => {
  it.each([
    ["Node 20 (no navigator)", { process: { versions: { node: "20.20.2" } } }, true],
    ["Node 22", { navigator: { userAgent: "Node.js/22" }, process: { versions: { node: "22.1.0" } } }, true],
    [
      "Bun",
      { navigator: { userAgent: "Bun/1.2.0" }, process: { versions: { node: "22.6.0", bun: "1.2.0" } } },
      false,
    ],
    ["Bun without navigator", { process: { versions: { node: "22.6.0", bun: "1.2.0" } } }, false],
    [
      "Deno",
      { navigator: { userAgent: "Deno/2.1.0" }, Deno: {}, process: { versions: { node: "22.0.0" } } },
      false,
    ],
    ["Deno without navigator", { Deno: {}, process: { versions: { node: "22.0.0" } } }, false],
    [
      "Cloudflare workerd",
      { navigator: { userAgent: "Cloudflare-Workers" }, process: { versions: { node: "22.0.0" } } },
      false,
    ],
    ["an edge runtime without process", {}, false],
  ])("%s: string bodies kept in memory = %s", (_, scope, expected) => {
    expect(isNode(scope)).toBe(expected);
  });

  it("detects this test process as Node, so Auth's responses here take the fast path", () => {
    expect(isNode()).toBe(true);
    expect(response().constructor).not.toBe(Response);
  });
});

describe("header fields kept until read", () => {
  const fields: [string, string][] = [
    ["X-Trace", "a"],
    ["Pragma", "no-cache"],
    ["Content-Type", "application/json"],
    ["Expires", "0"],
    ["x-trace", "b"],
    ["Cache-Control", "no-store"],
    ["A-First", "1"],
  ];
  const cookies = ["a=1; Path=/", "b=2; Path=/; HttpOnly"];
  const held = () => textResponse("{}", { status: 200 }, fields, cookies);
  const copied = () =>
    new Response("{}", { headers: [...fields, ...cookies.map((c): [string, string] => ["Set-Cookie", c])] });

  it("are written as a Headers holding them would be", () => {
    expect(nodeHeadersOf(held())).toEqual(nodeHeadersOf(copied()));
    expect(Object.keys(nodeHeadersOf(held()))).toEqual([
      "a-first",
      "cache-control",
      "content-type",
      "expires",
      "pragma",
      "x-trace",
      "set-cookie",
    ]);
  });

  it("are all in the response's headers, and a change made there is what gets written", () => {
    const answer = held();
    expect([...answer.headers]).toEqual([...copied().headers]);
    answer.headers.set("x-trace", "changed");
    expect(nodeHeadersOf(answer)["x-trace"]).toBe("changed");
  });

  it("are refused when the answer is made, as Headers refuses them", () => {
    expect(() => textResponse("{}", { status: 200 }, [["X-Bad", "a\nb"]])).toThrow(TypeError);
    expect(() => textResponse("{}", { status: 200 }, [["bad name", "a"]])).toThrow(TypeError);
    // What Headers would trim, it trims.
    expect(nodeHeadersOf(textResponse("{}", { status: 200 }, [["X-Pad", " a "]]))["x-pad"]).toBe("a");
  });
});
