/**
 * The demo counts failed sign-ins and magic links per client address, the client being the peer
 * of the connection (it runs without a proxy), never an address a header claims.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../src/app";

let demo: Awaited<ReturnType<typeof startDemo>>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portcullis-demo-client-limit-"));
  demo = await startDemo({
    port: 0,
    host: "127.0.0.1",
    databaseFile: join(dir, "demo.sqlite"),
    onMagicLink: () => {},
  });
});

afterAll(async () => {
  demo?.server.closeAllConnections();
  await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  location: string;
  setCookie: string[];
  body: string;
}

/** A request from `from`, a loopback address of this machine (127.0.0.1, 127.0.0.2, ...). */
function send(from: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${demo.url}${path}`, { method, headers, localAddress: from }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () =>
        resolve({
          location: res.headers.location ?? "",
          setCookie: res.headers["set-cookie"] ?? [],
          body: text,
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Posts a form to an auth route from `from`, with a CSRF token of its own; answers the redirect's query. */
async function post(
  from: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const csrf = await send(from, "GET", "/auth/csrf", {});
  const cookie = csrf.setCookie.map((c) => c.split(";")[0]).join("; ");
  const form = new URLSearchParams({ csrfToken: JSON.parse(csrf.body).csrfToken, ...fields }).toString();
  const answer = await send(
    from,
    "POST",
    path,
    { origin: demo.url, "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    form,
  );
  return new URL(answer.location, demo.url).searchParams;
}

const wrongPassword = (i: number) => ({ email: `spray${i}@example.com`, password: "Summer2024!" });

describe("the demo's per-client rate limits", () => {
  it("refuse a client's 51st failed sign-in in 15 minutes, each under another address, and no other client's", async () => {
    const codes: (string | null)[] = [];
    for (let i = 0; i < 51; i++)
      codes.push((await post("127.0.0.1", "/auth/callback/credentials", wrongPassword(i))).get("code"));
    expect(codes.slice(0, 50)).not.toContain("rate_limited");
    expect(codes[50]).toBe("rate_limited");
    // X-Forwarded-For is a header the client writes: claiming another address changes nothing.
    const spoofed = await post("127.0.0.1", "/auth/callback/credentials", wrongPassword(99), {
      "x-forwarded-for": "203.0.113.9",
    });
    expect(spoofed.get("code")).toBe("rate_limited");
    // Another machine (another loopback address) has its own count.
    const other = await post("127.0.0.2", "/auth/callback/credentials", wrongPassword(100));
    expect(other.get("error")).toBe("CredentialsSignin");
    expect(other.get("code")).not.toBe("rate_limited");
  });

  it("refuse a client's 51st magic link in 15 minutes, each to another address", async () => {
    const errors: (string | null)[] = [];
    for (let i = 0; i < 51; i++)
      errors.push(
        (await post("127.0.0.1", "/auth/signin/email", { email: `mailbox${i}@example.com` })).get("error"),
      );
    expect(errors.slice(0, 50)).not.toContain("RateLimited");
    expect(errors[50]).toBe("RateLimited");
  });
});
