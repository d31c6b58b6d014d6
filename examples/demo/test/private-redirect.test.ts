/** The demo sends a signed-out visitor of /private to sign in on its own site, whatever Host says. */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../src/app";

let demo: Awaited<ReturnType<typeof startDemo>>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portcullis-demo-private-"));
  demo = await startDemo({ port: 0, host: "127.0.0.1", databaseFile: join(dir, "demo.sqlite") });
});

afterAll(async () => {
  demo?.server.closeAllConnections();
  await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** GET `path` with this Host header (fetch would write its own); answers status and Location. */
function get(path: string, host: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = request(`${demo.url}${path}`, { headers: { host }, setHost: false }, (res) => {
      res.resume();
      resolve({ status: res.statusCode!, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the /private redirect of a signed-out visitor", () => {
  it("is a relative URL, never one built on the Host header", async () => {
    const answer = await get("/private", "evil.example");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth/signin?callbackUrl=%2Fprivate");
  });
});
