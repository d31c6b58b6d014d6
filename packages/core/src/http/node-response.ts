/**
 * A Web Response written to a Node `ServerResponse`: status, headers with every Set-Cookie on its
 * own line, and the body, read whole when the core holds it in memory and streamed otherwise.
 */

import { cancelBody, discardBody } from "../cancel-body";
import { isMemoryResponse, memoryHeadersOf } from "./memory-response";
import { bodyWasCutOff } from "./node-request";
import type { NodeServerResponse } from "./node-types";

const encoder = new TextEncoder();

/**
 * A Response's headers as Node writes them: each Set-Cookie is its own entry of an array, since
 * joined with commas, cookies' `Expires` dates would split them apart.
 *
 * @param response Any Response.
 * @returns A record for `res.writeHead` (or Fastify's `reply.headers`). Never throws.
 * @example
 * ```ts
 * reply.status(response.status).headers(nodeHeadersOf(response))
 * ```
 */
export function nodeHeadersOf(response: Response): Record<string, string | string[]> {
  // The core's own answers give their fields straight, without filling a Headers to read back.
  const fields = memoryHeadersOf(response);
  if (fields !== undefined) return fields;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}

/** Statuses that never carry a body, nor a length for one. */
/** The UTF-8 length of a string, without encoding it when it is ASCII (every core answer but a page). */
function utf8Length(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for any non-ASCII code unit.
  return /^[\x00-\x7f]*$/.test(text) ? text.length : encoder.encode(text).byteLength;
}

function isBodiless(status: number): boolean {
  return status === 204 || status === 304 || (status >= 100 && status < 200);
}

/**
 * Writes a Web Response to a Node response not yet sent. Headers set on `res` before (by
 * middleware) are kept; the response's own win. The core's answers (bodies held in memory) are
 * written whole with a Content-Length; any other body is streamed as it is read, waiting for the
 * socket to drain. A client that goes away ends the write quietly and cancels the body. After a
 * request whose body was refused or left unread (see `requestFromNode`), the connection closes.
 * A HEAD request, 204 or 304 gets no body.
 *
 * @param res The Node response (Express's `res` is one).
 * @param response The answer to write.
 * @returns Resolves once the answer is written or the client has gone.
 * @throws When reading the body fails: before anything is sent (answer 500 then), or mid-stream,
 * after the connection has been destroyed (check `res.headersSent` before answering).
 * @example
 * ```ts
 * await responseToNode(res, await Auth(requestFromNode(req, { origin }), config))
 * ```
 */
export async function responseToNode(res: NodeServerResponse, response: Response): Promise<void> {
  const headers = nodeHeadersOf(response);
  if (bodyWasCutOff(res.req)) headers.connection = "close";
  const { status } = response;
  if (isBodiless(status)) {
    // Never read: `response.body` would build a stream for the core's in-memory answers.
    if (!isMemoryResponse(response)) discardBody(response);
    res.writeHead(status, headers).end();
    return;
  }
  if (isMemoryResponse(response)) {
    // Handed over as text, Node sends the body in one write with the status line and headers.
    const text = await response.text();
    headers["content-length"] = String(utf8Length(text));
    res.writeHead(status, headers).end(text === "" ? undefined : text);
    return;
  }
  if (response.body === null) {
    // Read whole without asking for `body`, where a stream would be built for nothing; the length
    // is then known, so no chunked framing (and a HEAD answer says what GET would send).
    const bytes = await response.arrayBuffer();
    headers["content-length"] = String(bytes.byteLength);
    res.writeHead(status, headers).end(bytes.byteLength === 0 ? undefined : new Uint8Array(bytes));
    return;
  }
  if (res.req?.method === "HEAD") {
    discardBody(response);
    res.writeHead(status, headers).end();
    return;
  }
  await streamBody(res.writeHead(status, headers), response.body.getReader());
}

async function streamBody(res: NodeServerResponse, reader: ReadableStreamDefaultReader<Uint8Array>) {
  // The client went away: stop reading the source (a pending read then ends the loop).
  const onClose = () => {
    if (!res.writableFinished) cancelBody(reader);
  };
  res.once("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await drained(res);
    }
  } catch (error) {
    // The status line is out: the only way left to say the body is incomplete is to cut it.
    res.destroy();
    throw error;
  } finally {
    res.off("close", onClose);
  }
  if (res.destroyed) cancelBody(reader);
  else res.end();
}

function drained(res: NodeServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}
