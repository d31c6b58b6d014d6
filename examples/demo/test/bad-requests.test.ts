/**
 * The demo's own routes answer what a client gets wrong with a 4xx that says what was wrong and
 * one warning line in the log, never a 500 and a stack trace.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startDemo } from "../src/app";

let demo: Awaited<ReturnType<typeof startDemo>>;
let dir: string;
let host: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portcullis-demo-bad-requests-"));
  demo = await startDemo({ port: 0, host: "127.0.0.1", databaseFile: join(dir, "demo.sqlite") });
  host = new URL(demo.url).host;
});

afterAll(async () => {
  demo?.server.closeAllConnections();
  await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Sends one request as raw bytes (any request line, any headers, any body) and resolves with the
 * status line's code. Writing errors are ignored: a server that refuses a large body may close
 * before it has all been sent, and the answer is what counts.
 */
function send(requestLine: string, headers: Record<string, string>, body = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(demo.url).port), "127.0.0.1");
    const lines = Object.entries({ host, connection: "close", ...headers }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    const withLength =
      body === "" || "transfer-encoding" in headers ? lines : [...lines, `content-length: ${body.length}`];
    socket.on("error", () => undefined);
    socket.write(`${requestLine}\r\n${withLength.join("\r\n")}\r\n\r\n${body}`);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("close", () => reject(new Error(`no status line in ${JSON.stringify(answer)}`)));
  });
}

const sameSite = () => ({ origin: demo.url });
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data; boundary=x";
/** A form just past the core's 64 KiB. */
const HUGE_FORM = `id=${"a".repeat(64 * 1024)}`;

const CASES: ReadonlyArray<{
  what: string;
  line: string;
  headers?: () => Record<string, string>;
  body?: string;
  status: number;
}> = [
  {
    what: "JSON to /sessions/revoke",
    line: "POST /sessions/revoke HTTP/1.1",
    headers: () => ({ ...sameSite(), "content-type": "application/json" }),
    body: "{}",
    status: 415,
  },
  {
    what: "text/plain to /sessions/revoke-others",
    line: "POST /sessions/revoke-others HTTP/1.1",
    headers: () => ({ ...sameSite(), "content-type": "text/plain" }),
    body: "id=1",
    status: 415,
  },
  {
    what: "malformed multipart to /sessions/revoke-all",
    line: "POST /sessions/revoke-all HTTP/1.1",
    headers: () => ({ ...sameSite(), "content-type": MULTIPART }),
    body: "--x\r\nnonsense",
    status: 415,
  },
  {
    what: "no content type to /sessions/revoke",
    line: "POST /sessions/revoke HTTP/1.1",
    headers: sameSite,
    body: "id=1",
    status: 415,
  },
  {
    what: "a form past 64 KiB to /sessions/revoke",
    line: "POST /sessions/revoke HTTP/1.1",
    headers: () => ({ ...sameSite(), "content-type": FORM }),
    body: HUGE_FORM,
    status: 413,
  },
  {
    what: "a chunked form past 64 KiB to /sessions/revoke-all",
    line: "POST /sessions/revoke-all HTTP/1.1",
    headers: () => ({ ...sameSite(), "content-type": FORM, "transfer-encoding": "chunked" }),
    body: `${HUGE_FORM.length.toString(16)}\r\n${HUGE_FORM}\r\n0\r\n\r\n`,
    status: 413,
  },
  { what: "GET /sessions/revoke", line: "GET /sessions/revoke HTTP/1.1", status: 405 },
  {
    what: "a post from another site",
    line: "POST /sessions/revoke-all HTTP/1.1",
    headers: () => ({ origin: "https://evil.example", "content-type": FORM }),
    body: "x=1",
    status: 403,
  },
  { what: "an absolute-form target", line: "GET http://localhost:3000/ HTTP/1.1", status: 400 },
  {
    what: "an absolute-form target of a session route",
    line: "POST http://localhost:3000/sessions/revoke HTTP/1.1",
    headers: () => ({ ...sameSite(), "content-type": FORM }),
    body: "id=1",
    status: 400,
  },
  { what: "OPTIONS *", line: "OPTIONS * HTTP/1.1", status: 400 },
  {
    what: "a Host that is no host name",
    line: "GET / HTTP/1.1",
    headers: () => ({ host: "a:99999" }),
    status: 400,
  },
];

describe("bad requests to the demo's own routes", () => {
  it.each(CASES)(
    "answers $what with $status and one warning, never a 5xx",
    async ({ line, headers, body, status }) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
      expect(await send(line, headers?.() ?? {}, body)).toBe(status);
      expect(error).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(new RegExp(`^[A-Z]+ \\S+: ${status} \\S`));
    },
  );

  it("still signs nobody out for a well-formed form, and keeps serving", async () => {
    expect(
      await send("POST /sessions/revoke-all HTTP/1.1", { ...sameSite(), "content-type": FORM }, ""),
    ).toBe(303);
    expect((await fetch(`${demo.url}/`)).status).toBe(200);
  });
});
