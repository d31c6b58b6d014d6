/** The demo's node:http server holds request bodies to the core's limit, whatever the route. */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../src/app";

let demo: Awaited<ReturnType<typeof startDemo>>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portcullis-demo-limit-"));
  demo = await startDemo({ port: 0, host: "127.0.0.1", databaseFile: join(dir, "demo.sqlite") });
});

afterAll(async () => {
  demo?.server.closeAllConnections();
  await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Posts `kib` KiB of form data, one KiB at a time, and then neither sends more nor ends the
 * body: a server that waits for the whole body never answers.
 */
function postWithoutEnd(path: string, kib: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let answered = false;
    const req = request(
      `${demo.url.replace("localhost", "127.0.0.1")}${path}`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    (async () => {
      for (let i = 0; i < kib && !answered && !req.destroyed; i++)
        await new Promise<void>((done) => req.write(`a=${"x".repeat(1022)}`, () => done()));
    })().catch(() => undefined);
  });
}

describe("demo request bodies", () => {
  it("answers a chunked body past the limit with 413 before it ends", async () => {
    const answer = await postWithoutEnd("/auth/callback/credentials", 1024);
    expect(answer.status).toBe(413);
    // A form post is what a browser sends: the core answers with a page, not a bare string.
    expect(answer.body).toContain("Too much data");
  });

  it("answers a declared length past the limit with 413 without reading the body", async () => {
    const answer = await postWithoutEnd("/auth/signout", 1, { "content-length": String(50 * 1024 * 1024) });
    expect(answer.status).toBe(413);
  });

  it("keeps serving afterwards", async () => {
    const response = await fetch(`${demo.url}/`);
    expect(response.status).toBe(200);
  });
});
