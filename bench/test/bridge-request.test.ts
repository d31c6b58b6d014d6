/**
 * The bench bridge's lazy Request must answer as a Request built from the same message would,
 * for every way the two libraries (or anything else) read one.
 */
import { describe, expect, it } from "vitest";
import { bridgeRequest } from "../src/bridge-request";

const url = "http://127.0.0.1:3000/auth/callback/credentials?x=1";
const form = "csrfToken=abc&username=alice";
const rawHeaders = [
  "Host",
  "127.0.0.1:3000",
  "Content-Type",
  "application/x-www-form-urlencoded",
  "Accept",
  "a",
  "accept",
  "b",
];

const post = () =>
  bridgeRequest({
    url,
    method: "POST",
    rawHeaders,
    body: new TextEncoder().encode(form) as Uint8Array<ArrayBuffer>,
  });
const get = () => bridgeRequest({ url, method: "GET", rawHeaders, body: undefined });

async function readStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += new TextDecoder().decode(chunk);
  return text;
}

describe("bridgeRequest", () => {
  it("is a Request with the message's method, URL and headers (repeated ones joined)", () => {
    const request = post();
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe("POST");
    expect(request.url).toBe(url);
    expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(request.headers.get("accept")).toBe("a, b");
  });

  it.each([
    ["text", (r: Request) => r.text()],
    ["json of a JSON body", (r: Request) => r.json()],
    ["arrayBuffer", async (r: Request) => new TextDecoder().decode(await r.arrayBuffer())],
    ["bytes", async (r: Request) => new TextDecoder().decode(await r.bytes())],
    ["body stream", (r: Request) => readStream(r.body!)],
    [
      "formData",
      async (r: Request) => new URLSearchParams([...(await r.formData())] as string[][]).toString(),
    ],
    ["blob", (r: Request) => r.blob().then((blob) => blob.text())],
  ])("gives the whole body through %s, once", async (name, read) => {
    const body = name.startsWith("json") ? '{"a":1}' : form;
    const request = bridgeRequest({
      url,
      method: "POST",
      rawHeaders,
      body: new TextEncoder().encode(body) as Uint8Array<ArrayBuffer>,
    });
    const expected = name.startsWith("json") ? { a: 1 } : body;
    expect(await read(request)).toEqual(expected);
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
  });

  it("still reads whole after a caller only checked that there is a body", async () => {
    const request = post();
    expect(request.body).not.toBeNull();
    expect(request.bodyUsed).toBe(false);
    expect(await request.text()).toBe(form);
  });

  it("has no body on a GET, and reads as empty", async () => {
    const request = get();
    expect(request.body).toBeNull();
    expect(await request.text()).toBe("");
  });

  it("answers other members from a real Request of the same message", () => {
    const request = post();
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.cache).toBe("default");
    expect(request.redirect).toBe("follow");
  });

  it("clones with the body, and both read it", async () => {
    const request = post();
    const copy = request.clone();
    expect(copy.url).toBe(url);
    expect(await copy.text()).toBe(form);
    expect(await request.text()).toBe(form);
  });

  it("refuses to clone once the body is read, but still answers other members", async () => {
    const request = post();
    await request.text();
    expect(() => request.clone()).toThrow(TypeError);
    expect(request.signal.aborted).toBe(false);
    expect(request.bodyUsed).toBe(true);
  });
});
