import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedApp, serve } from "../src/http-server";

/** Sends one request with node:http so repeated header lines and a custom Host reach the server as sent. */
function rawRequest(
  url: string,
  options: { method?: string; headers: Record<string, string | string[]>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("serve", () => {
  let app: ServedApp;

  beforeAll(async () => {
    app = await serve(async (request) => {
      const url = new URL(request.url);
      if (url.pathname === "/echo") {
        return Response.json({
          method: request.method,
          url: request.url,
          multi: request.headers.get("x-multi"),
          body: request.method === "GET" ? null : await request.text(),
        });
      }
      if (url.pathname === "/cookies") {
        const headers = new Headers({ location: "/elsewhere", "x-custom": "yes" });
        headers.append("set-cookie", "a=1; Path=/; HttpOnly");
        headers.append("set-cookie", "b=2; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT");
        return new Response(null, { status: 302, headers });
      }
      if (url.pathname === "/size") {
        const bytes = new Uint8Array(await request.arrayBuffer());
        return new Response(String(bytes.byteLength), { status: 201 });
      }
      if (url.pathname === "/throw") throw new Error("handler failed on purpose");
      return new Response("not found", { status: 404, headers: { "content-type": "text/plain" } });
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it("listens on 127.0.0.1 on a port chosen at run time", () => {
    expect(app.url).toBe(`http://127.0.0.1:${app.port}`);
    expect(app.port).toBeGreaterThan(0);
  });

  it("passes method, full URL and streamed body of a POST to the handler", async () => {
    const response = await fetch(`${app.url}/echo?x=1&y=2`, { method: "POST", body: "a=b&c=d" });
    expect(await response.json()).toEqual({
      method: "POST",
      url: `${app.url}/echo?x=1&y=2`,
      multi: null,
      body: "a=b&c=d",
    });
  });

  it("builds the request URL from the Host header", async () => {
    const { body } = await rawRequest(`${app.url}/echo?q=1`, { headers: { host: "app.example.test:8080" } });
    expect(JSON.parse(body).url).toBe("http://app.example.test:8080/echo?q=1");
  });

  it("keeps every line of a repeated request header", async () => {
    const { body } = await rawRequest(`${app.url}/echo`, { headers: { "x-multi": ["one", "two"] } });
    expect(JSON.parse(body).multi).toBe("one, two");
  });

  it("sends each Set-Cookie as its own header with status and other headers intact", async () => {
    const response = await fetch(`${app.url}/cookies`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/elsewhere");
    expect(response.headers.get("x-custom")).toBe("yes");
    expect(response.headers.getSetCookie()).toEqual([
      "a=1; Path=/; HttpOnly",
      "b=2; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT",
    ]);
  });

  it("streams a one-megabyte request body to the handler whole", async () => {
    const body = new Uint8Array(1024 * 1024).fill(7);
    const response = await fetch(`${app.url}/size`, { method: "PUT", body });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe(String(body.byteLength));
  });

  it("answers HEAD with the handler's status and headers but no body", async () => {
    const response = await fetch(`${app.url}/missing`, { method: "HEAD" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(await response.text()).toBe("");
  });

  it("answers 500 without details when the handler throws", async () => {
    const response = await fetch(`${app.url}/throw`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Internal Server Error");
  });
});
