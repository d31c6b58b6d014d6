/**
 * The Node glue of `@portcullis/core/node` behind a real node:http server on 127.0.0.1: what a
 * client sees of requests bridged to the core and answers written back.
 */

import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth, type AuthConfig } from "@portcullis/core";
import { languages } from "@portcullis/core/languages";
import { type NodeRequestOptions, requestFromNode, responseToNode } from "@portcullis/core/node";
import Credentials from "@portcullis/core/providers/credentials";
import { afterEach, describe, expect, it } from "vitest";

const config: AuthConfig = {
  secret: "a-test-secret-that-is-long-enough-for-jwt",
  trustHost: true,
  basePath: "/auth",
  theme: { languages },
  providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
};

type Route = (request: Request, req: IncomingMessage) => Promise<Response>;

let server: Server | undefined;
let failures: unknown[] = [];

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Serves `route` through the bridge; returns the origin. Writer failures are recorded. */
async function start(route: Route, options: Partial<NodeRequestOptions> = {}): Promise<string> {
  failures = [];
  server = createServer(async (req, res) => {
    try {
      const origin = `http://${req.headers.host}`;
      await responseToNode(res, await route(requestFromNode(req, { origin, ...options }), req));
    } catch (error) {
      failures.push(error);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const auth: Route = (request) => Auth(request, config);

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Written one by one; without a content-length header the body goes chunked. */
  chunks?: string[];
}

/** Sends a request with node:http, so framing (chunked, HEAD) is under the test's control. */
function send(origin: string, { method = "GET", path, headers = {}, chunks = [] }: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on("error", reject);
    });
    // The server may answer (and close) before the whole body is sent: that is the point.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    (async () => {
      for (const chunk of chunks) {
        if (answered || req.destroyed) return;
        await new Promise<void>((done) => req.write(chunk, () => done()));
      }
      req.end();
    })().catch(() => undefined);
  });
}

const form = { "content-type": "application/x-www-form-urlencoded" };
const kib = "x".repeat(1024);

describe("requestFromNode and responseToNode", () => {
  it("send every Set-Cookie of the core's answer as its own header", async () => {
    const origin = await start(auth);
    const answer = await send(origin, { path: "/auth/csrf" });
    expect(answer.status).toBe(200);
    const cookies = answer.headers["set-cookie"] ?? [];
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual([
      "authjs.csrf-token",
      "authjs.callback-url",
    ]);
    expect(JSON.parse(answer.body)).toHaveProperty("csrfToken");
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
  });

  it("send a page in a language with non-ASCII letters whole, with its length in bytes", async () => {
    const origin = await start(auth);
    const answer = await send(origin, { path: "/auth/signin", headers: { "accept-language": "ja" } });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('lang="ja"');
    expect(answer.body).toContain("</html>");
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
    expect(Buffer.byteLength(answer.body)).toBeGreaterThan(answer.body.length);
  });

  it("keep cookies with Expires dates apart on a streamed answer", async () => {
    const expires = "Expires=Wed, 21 Oct 2037 07:28:00 GMT";
    const origin = await start(async () => {
      const headers = new Headers();
      for (const name of ["a", "b", "c"]) headers.append("set-cookie", `${name}=1; ${expires}`);
      return new Response(new Blob(["streamed"]).stream(), { headers });
    });
    const answer = await send(origin, { path: "/" });
    expect(answer.headers["set-cookie"]).toEqual(["a", "b", "c"].map((name) => `${name}=1; ${expires}`));
    expect(answer.body).toBe("streamed");
  });

  it("keep the path and query of the URL on the resolved origin", async () => {
    const origin = await start(async (request) => new Response(request.url));
    const answer = await send(origin, { path: "/a/b%20c//d?x=1&y=%2F&x=2" });
    expect(answer.body).toBe(`${origin}/a/b%20c//d?x=1&y=%2F&x=2`);
  });

  it("give GET and HEAD requests no body, and answer HEAD without one", async () => {
    const seen: (string | null)[] = [];
    const origin = await start(async (request) => {
      seen.push(request.body === null ? null : await request.text());
      return new Response("hello");
    });
    const get = await send(origin, { path: "/" });
    const head = await send(origin, { method: "HEAD", path: "/" });
    const post = await send(origin, { method: "POST", path: "/", chunks: ["data"] });
    expect(seen).toEqual([null, null, "data"]);
    expect([get.body, head.body, post.body]).toEqual(["hello", "", "hello"]);
  });

  it("answer HEAD at once when the handler's body is a tee's branch, which cancels only with the other", async () => {
    // A handler that kept a copy of its answer (a cache, a logger) hands over one branch of a tee.
    const origin = await start(async () => new Response(new Blob(["kept"]).stream().tee()[0]));
    const head = await send(origin, { method: "HEAD", path: "/" });
    expect([head.status, head.body]).toEqual([200, ""]);
    expect(failures).toEqual([]);
  });

  it("answer 204 and 304 without a body or a length", async () => {
    for (const status of [204, 304]) {
      const origin = await start(async () => new Response(null, { status }));
      const answer = await send(origin, { path: "/" });
      expect(answer.status).toBe(status);
      expect(answer.body).toBe("");
      expect(answer.headers["content-length"]).toBeUndefined();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it("read nothing of a body the handler leaves alone", async () => {
    let read: boolean | undefined;
    const origin = await start(async (_request, req) => {
      read = req.readableDidRead;
      return new Response("ignored");
    });
    expect((await send(origin, { method: "POST", path: "/", chunks: ["abc"] })).body).toBe("ignored");
    expect(read).toBe(false);
  });

  const oversized: [string, Sent][] = [
    [
      "a chunked body past the limit",
      { method: "POST", path: "/auth/signout", headers: form, chunks: Array(80).fill(kib) },
    ],
    [
      "a declared Content-Length past the limit",
      {
        method: "POST",
        path: "/auth/signout",
        headers: { ...form, "content-length": String(65 * 1024) },
        chunks: Array(65).fill(kib),
      },
    ],
  ];
  for (const [name, sent] of oversized) {
    it(`answer ${name} with the core's 413 and close the connection`, async () => {
      const origin = await start(auth);
      const answer = await send(origin, sent);
      expect(answer.status).toBe(413);
      // A form post is what a browser sends: it gets a page, not a bare string.
      expect(answer.headers["content-type"]).toContain("text/html");
      expect(answer.body).toContain("Too much data");
      expect(answer.headers.connection).toBe("close");
      expect(failures).toEqual([]);
    });
  }

  it("apply a smaller limit of the caller's to any reader of the body", async () => {
    const origin = await start(
      async (request) =>
        request.text().then(
          (text) => new Response(text),
          (error: { status?: number }) => new Response(null, { status: error.status ?? 500 }),
        ),
      { maxBodyBytes: 10 },
    );
    expect((await send(origin, { method: "POST", path: "/", chunks: ["0123456789"] })).body).toBe(
      "0123456789",
    );
    const over = await send(origin, { method: "POST", path: "/", chunks: ["01234", "56789", "!"] });
    expect(over.status).toBe(413);
  });

  // The core reads a body whole, without a stream; a consumer may still ask for the stream.
  const readers: [string, (request: Request) => Promise<string>][] = [
    ["whole", (request) => request.text()],
    ["as a stream", (request) => new Response(request.body).text()],
    ["through a real Request", (request) => request.clone().text()],
  ];
  for (const [how, read] of readers) {
    it(`give a body read ${how} byte for byte, across chunks that split a character`, async () => {
      const origin = await start((request) => read(request).then((text) => new Response(text)));
      const text = "zoë=名前&x=1";
      const bytes = Buffer.from(text);
      // Split inside the three bytes of 名 and of 前: a reader decoding chunk by chunk would fail.
      const chunks = [bytes.subarray(0, 6), bytes.subarray(6, 9), bytes.subarray(9)];
      const echoed = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(`${origin}/`, { method: "POST" }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => resolve(body));
        }).on("error", reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
      expect(echoed).toBe(text);
    });

    it(`refuse a body read ${how} past the caller's limit with 413, counted or declared`, async () => {
      const origin = await start(
        (request) =>
          read(request).then(
            (text) => new Response(text),
            (error: { status?: number; cause?: { status?: number } }) =>
              new Response(null, { status: error.status ?? error.cause?.status ?? 500 }),
          ),
        { maxBodyBytes: 10 },
      );
      const counted = await send(origin, { method: "POST", path: "/", chunks: ["01234", "56789", "!"] });
      expect(counted.status).toBe(413);
      const declared = await send(origin, {
        method: "POST",
        path: "/",
        headers: { "content-length": "11" },
        chunks: ["0123456789!"],
      });
      expect(declared.status).toBe(413);
      expect(declared.headers.connection).toBe("close");
    });

    it(`fail a body read ${how} when the client goes away mid-body, without hanging`, async () => {
      let outcome: Promise<unknown> | undefined;
      const origin = await start(async (request) => {
        outcome = read(request).then(
          () => "read",
          (error: Error) => error.message,
        );
        await outcome;
        return new Response(null, { status: 204 });
      });
      const { hostname, port } = new URL(origin);
      const req = httpRequest({
        hostname,
        port,
        path: "/",
        method: "POST",
        headers: { "content-length": "100" },
      });
      req.on("error", () => undefined);
      req.write("only part of it");
      await new Promise((resolve) => setTimeout(resolve, 50));
      req.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await outcome).toMatch(/aborted|closed|terminated/i);
    });
  }

  const badTargets: [string, string][] = [
    ["an absolute-form target", "http://evil.example/auth/csrf"],
    ["an asterisk target", "*"],
  ];
  for (const [name, path] of badTargets) {
    it(`let the core answer ${name} with 400`, async () => {
      const origin = await start(auth);
      const answer = await new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(origin);
        httpRequest({ hostname, port, path, method: "GET" }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on("error", reject)
          .end();
      });
      expect(answer).toBe(400);
    });
  }

  const parsedBodies: [string, unknown, string, string][] = [
    ["a form object", { a: "1", b: "x y" }, "application/x-www-form-urlencoded", "a=1&b=x+y"],
    ["a JSON object", { a: [1] }, "application/json", '{"a":[1]}'],
    ["raw text", "kept=as-is", "text/plain", "kept=as-is"],
    ["bytes", new TextEncoder().encode("bytes"), "application/octet-stream", "bytes"],
  ];
  for (const [name, parsedBody, type, expected] of parsedBodies) {
    it(`pass on ${name} a body parser left, without the wire's length headers`, async () => {
      server = createServer(async (req, res) => {
        for await (const _ of req); // the "parser" reads the message
        const request = requestFromNode(req, { origin: "http://x.test", parsedBody });
        const length = request.headers.get("content-length");
        await responseToNode(res, new Response(`${await request.text()}|${length}`));
      });
      await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await send(origin, {
        method: "POST",
        path: "/",
        headers: { "content-type": type, "content-length": "8" },
        chunks: ["original"],
      });
      expect(answer.body).toBe(`${expected}|null`);
    });
  }

  it("let the core answer a parsed body that cannot be written again (JSON nested too deep) with 400", async () => {
    const deep = JSON.parse(`{"data":${"[".repeat(30_000)}${"]".repeat(30_000)}}`) as unknown;
    server = createServer(async (req, res) => {
      for await (const _ of req); // the "parser" reads the message
      const request = requestFromNode(req, { origin: `http://${req.headers.host}`, parsedBody: deep });
      await responseToNode(res, await Auth(request, config));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await send(origin, {
      method: "POST",
      path: "/auth/session",
      headers: { "content-type": "application/json", "content-length": "2" },
      chunks: ["{}"],
    });
    expect(answer.status).toBe(400);
  });

  it("stream the message when a parser set a body but never read it", async () => {
    const origin = await start(async (request) => new Response(await request.text()), {
      parsedBody: {},
    });
    expect((await send(origin, { method: "POST", path: "/", chunks: ["raw=1"] })).body).toBe("raw=1");
  });

  it("stop reading the answer's body quietly when the client goes away", async () => {
    let cancelled!: () => void;
    const wasCancelled = new Promise<void>((resolve) => {
      cancelled = resolve;
    });
    const origin = await start(async (request) => {
      if (new URL(request.url).pathname === "/after") return new Response("still up");
      // One chunk, then nothing more for ever: only the client's going away can end the write.
      const stalled = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode("tick\n")),
        cancel: () => cancelled(),
      });
      return new Response(stalled);
    });
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${origin}/endless`, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => undefined).on("close", resolve);
      req.on("socket", (socket) => socket.on("error", reject));
      req.end();
    });
    await wasCancelled;
    expect((await send(origin, { path: "/after" })).body).toBe("still up");
    expect(failures).toEqual([]);
  });
});
