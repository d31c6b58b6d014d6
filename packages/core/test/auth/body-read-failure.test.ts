/**
 * A POST body that cannot be read to its end (the client hung up mid-upload, the stream broke) is
 * the client's doing: answered 400 like any other bad request and logged at debug level, never as
 * a server configuration error (a 500 and an error-level line the deployer cannot act on).
 */
import { Auth } from "@portcullis/core";
import { describe, expect, it } from "vitest";
import { config, recordingLogger } from "./helpers";

/** A form body that sends a few bytes, then fails as a dropped connection does. */
function abortedBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("csrfToken=abc&username=al"));
    },
    pull(controller) {
      controller.error(new Error("aborted"));
    },
  });
}

describe("a POST body that breaks off mid-way", () => {
  it("is answered 400 as the client's fault, with no error-level log line", async () => {
    const { log, logger } = recordingLogger();
    const request = new Request("http://localhost:3000/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: abortedBody(),
      duplex: "half",
    } as RequestInit);
    const response = await Auth(request, config({ logger }));
    expect(response.status).toBe(400);
    // A client hanging up is not something the deployer must fix: no error-level line.
    expect(log.errors.map((e) => `${e.name}: ${e.message}`)).toEqual([]);
    expect(log.debug).toContainEqual(expect.stringMatching(/body could not be read.*aborted/));
  });
});
