/**
 * The lazy Request Node integrations (and the bench's bridge) hand the core must answer as a
 * Request built from the same message would, for every way a library or a callback reads one.
 */
import { Auth } from "@portcullis/core";
import { type LazyRequestParts, lazyRequest } from "@portcullis/core/node";
import { describe, expect, it } from "vitest";

const url = "http://127.0.0.1:3000/auth/callback/credentials?x=1";
const form = "csrfToken=abc&username=alice";
const headerPairs: [string, string][] = [
  ["Host", "127.0.0.1:3000"],
  ["Content-Type", "application/x-www-form-urlencoded"],
  ["Accept", "a"],
  ["accept", "b"],
];
const headers = () => {
  const built = new Headers();
  for (const [name, value] of headerPairs) built.append(name, value);
  return built;
};

const post = (body: LazyRequestParts["body"] = new TextEncoder().encode(form)) =>
  lazyRequest({ url, method: "POST", headers, body });
const get = () => lazyRequest({ url, method: "GET", headers });
const streamOf = (text: string) => new Blob([text]).stream();

/** A deferred body that counts how it was taken: whole, or opened as a stream. */
function deferred(text: string) {
  const taken = { bytes: 0, stream: 0 };
  const body = {
    bytes: async () => {
      taken.bytes++;
      return new TextEncoder().encode(text);
    },
    stream: () => {
      taken.stream++;
      return streamOf(text);
    },
  };
  return { body, taken };
}

async function readStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += new TextDecoder().decode(chunk);
  return text;
}

const readers: [string, (request: Request) => Promise<unknown>][] = [
  ["text", (r) => r.text()],
  ["arrayBuffer", async (r) => new TextDecoder().decode(await r.arrayBuffer())],
  ["bytes", async (r) => new TextDecoder().decode(await r.bytes())],
  ["body stream", (r) => readStream(r.body!)],
  ["formData", async (r) => new URLSearchParams([...(await r.formData())] as string[][]).toString()],
  ["blob", (r) => r.blob().then((blob) => blob.text())],
];

describe("lazyRequest", () => {
  it("is a Request with the given method, URL and headers (repeated ones joined)", () => {
    const request = post();
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe("POST");
    expect(request.url).toBe(url);
    expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(request.headers.get("accept")).toBe("a, b");
  });

  it("builds the headers once, on first use", () => {
    let built = 0;
    const counted = () => {
      built++;
      return headers();
    };
    const request = lazyRequest({ url, method: "GET", headers: counted });
    expect(built).toBe(0);
    expect(request.headers).toBe(request.headers);
    expect(built).toBe(1);
  });

  const bodies: [string, () => LazyRequestParts["body"]][] = [
    ["bytes", () => new TextEncoder().encode(form)],
    ["text", () => form],
    ["a stream", () => streamOf(form)],
    ["a deferred body", () => deferred(form).body],
  ];
  describe.each(bodies)("with a body given as %s", (_, body) => {
    it.each(readers)("gives the whole body through %s, once", async (_, read) => {
      const request = post(body());
      expect(await read(request)).toBe(form);
      expect(request.bodyUsed).toBe(true);
      await expect(request.text()).rejects.toThrow(TypeError);
    });

    it("still reads whole after a caller only checked that there is a body", async () => {
      const request = post(body());
      expect(request.body).not.toBeNull();
      expect(request.bodyUsed).toBe(false);
      expect(await request.text()).toBe(form);
    });

    it("clones with the body, and both read it", async () => {
      const request = post(body());
      const copy = request.clone();
      expect(copy.url).toBe(url);
      expect(await copy.text()).toBe(form);
      expect(await request.text()).toBe(form);
    });
  });

  it("reads a deferred body whole without opening it as a stream, and opens it only for `body`", async () => {
    const whole = deferred(form);
    expect(await post(whole.body).text()).toBe(form);
    expect(whole.taken).toEqual({ bytes: 1, stream: 0 });
    const streamed = deferred(form);
    const request = post(streamed.body);
    expect(request.body).toBe(request.body);
    expect(await request.text()).toBe(form);
    expect(streamed.taken).toEqual({ bytes: 0, stream: 1 });
  });

  it("parses a JSON body with json()", async () => {
    expect(await post('{"a":[1]}').json()).toEqual({ a: [1] });
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

  it("refuses to clone once the body is read, but still answers other members", async () => {
    const request = post();
    await request.text();
    expect(() => request.clone()).toThrow(TypeError);
    expect(request.signal.aborted).toBe(false);
    expect(request.bodyUsed).toBe(true);
  });

  it("gets a 400 from Auth when its URL cannot be parsed (a Request's always can)", async () => {
    // An absolute-form target joined to an origin, as an integration might build it.
    const broken = lazyRequest({
      url: "http://127.0.0.1:3000http://evil.example/auth/csrf",
      method: "GET",
      headers,
    });
    const response = await Auth(broken, { secret: "s".repeat(32), trustHost: true, providers: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toBe("Bad request.");
  });
});
