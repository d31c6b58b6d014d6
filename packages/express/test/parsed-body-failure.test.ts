/**
 * What ExpressAuth does when it cannot answer as planned, on Express 4 (where a rejected handler
 * is an unhandled rejection, and Node exits) and Express 5:
 * - a body `express.json()` accepted but that cannot be written again for the core (JSON nested
 *   30,000 deep overflows JSON.stringify's stack) is a bad request: 400, no stack in the answer;
 * - anything that still fails inside the middleware goes to `next(error)`, the app's error
 *   handlers; its promise never rejects.
 */
import { ExpressAuth } from "@portcullis/express";
import { integrationConfig } from "@portcullis/testkit";
import type { ErrorRequestHandler } from "express";
import express4 from "express4";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type ExpressModule, listen } from "./helpers";

const Express4 = express4 as unknown as ExpressModule;

/** ~60 KB of JSON: under express.json()'s default 100 kb limit and under nothing else. */
const DEEP = `{"csrfToken":"x","data":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;

async function postDeep(origin: string): Promise<Response> {
  return fetch(`${origin}/auth/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: DEEP,
    signal: AbortSignal.timeout(5000),
  });
}

describe.each([
  ["Express 5", undefined],
  ["Express 4", Express4],
])("%s with express.json() before ExpressAuth", (_name, framework) => {
  let app: Awaited<ReturnType<typeof listen>>;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => void rejections.push(reason);
  beforeAll(async () => {
    process.on("unhandledRejection", onRejection);
    app = await listen(buildApp(integrationConfig(), { express: framework, parsers: true }));
  });
  afterAll(async () => {
    process.off("unhandledRejection", onRejection);
    await app.close();
  });
  afterEach(() => {
    rejections.length = 0;
  });

  it("answers a deeply nested JSON body with a 400, never a 500, a hang or an unhandled rejection", async () => {
    let status: number | string;
    let body = "";
    try {
      const response = await postDeep(app.origin);
      status = response.status;
      body = await response.text();
    } catch (error) {
      status = `no answer (${(error as Error).name})`;
    }
    expect({ status, stack: body.includes("RangeError"), rejections: rejections.length }).toEqual({
      status: 400,
      stack: false,
      rejections: 0,
    });
  });
});

describe("ExpressAuth on Express 4, failing to write its answer", () => {
  it("hands the error to next(error) instead of rejecting", async () => {
    const handled: unknown[] = [];
    const app = Express4();
    // An app bug: the answer is started before ExpressAuth runs, so its own cannot be written.
    app.use("/auth", (_req, res, next) => {
      res.writeHead(200).write("early");
      next();
    });
    app.use("/auth", ExpressAuth(integrationConfig()));
    const onError: ErrorRequestHandler = (error, _req, res, _next) => {
      handled.push(error);
      res.end();
    };
    app.use(onError);
    const server = await listen(app);
    try {
      const response = await fetch(`${server.origin}/auth/providers`, { signal: AbortSignal.timeout(5000) });
      await response.text();
    } finally {
      await server.close();
    }
    expect(handled).toEqual([expect.objectContaining({ code: "ERR_HTTP_HEADERS_SENT" })]);
  });
});
