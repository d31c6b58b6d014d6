/**
 * An identity provider that answers with more than anyone needs: a client's request body is read
 * up to 64 KiB, and a provider's answer up to a mebibyte, or one sign-in would make the server
 * buffer and parse whatever a hostile or broken provider streams within the time-out. Each row is
 * a real node:http provider that streams past the limit, or declares a length beyond it.
 */
import type { ServerResponse } from "node:http";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch, MAX_PROVIDER_ANSWER_BYTES } from "../../src/flows/oauth/bounded-fetch";
import { browser, location, oauthConfig, startSignIn } from "./helpers";
import { type Handler, type HostileIdp, hostileProvider, json, startHostileIdp } from "./hostile-idp";

const CHUNK = "a".repeat(64 * 1024);
/** Four times the limit: far more than the reader may take before it lets go. */
const PADDING_BYTES = 4 * MAX_PROVIDER_ANSWER_BYTES;

let idp: HostileIdp;
/** How many padding bytes the last huge answer got out before the reader let go. */
let written = 0;

beforeAll(async () => {
  idp = await startHostileIdp();
});
afterAll(() => idp.stop());

/** Streams a JSON object whose `pad` member is PADDING_BYTES long, chunked, with no length. */
function streamedHugeJson(head: Record<string, unknown>): Handler {
  return (_req, res) => {
    written = 0;
    res.writeHead(200, { "content-type": "application/json" });
    res.write(`${JSON.stringify(head).slice(0, -1)},"pad":"`);
    pump(res);
  };
}

function pump(res: ServerResponse): void {
  while (written < PADDING_BYTES && !res.destroyed) {
    written += CHUNK.length;
    if (!res.write(CHUNK)) return void res.once("drain", () => pump(res));
  }
  if (!res.destroyed) res.end('"}');
}

/** Declares a length beyond the limit, then sends nothing: only the header can be judged. */
const declaredHuge: Handler = (_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": String(PADDING_BYTES) });
  res.flushHeaders();
};

const CASES: { name: string; token: Handler; userinfo: Handler; sub: string }[] = [
  {
    name: "a token answer streamed past the limit",
    token: streamedHugeJson({ access_token: "at", token_type: "bearer" }),
    userinfo: json({ sub: "big-token", email: "big@evil.test" }),
    sub: "big-token",
  },
  {
    name: "a userinfo answer streamed past the limit",
    token: json({ access_token: "at", token_type: "bearer" }),
    userinfo: streamedHugeJson({ sub: "big-userinfo", email: "big2@evil.test" }),
    sub: "big-userinfo",
  },
  {
    name: "a token answer declaring a length past the limit",
    token: declaredHuge,
    userinfo: json({ sub: "declared", email: "declared@evil.test" }),
    sub: "declared",
  },
];

describe("an identity provider answering past a mebibyte", () => {
  it.each(CASES)("$name ends the sign-in as a provider failure, nothing stored", async (row) => {
    idp.token = row.token;
    idp.userinfo = row.userinfo;
    const adapter = MemoryAdapter();
    const config = oauthConfig([hostileProvider(idp)], { adapter });
    const client = browser(config);
    await startSignIn(client, "evil");

    const target = location(await client.get("/auth/callback/evil?code=abc"));

    expect(target.pathname).toBe("/auth/signin");
    expect(target.searchParams.get("error")).toBe("OAuthProviderUnavailable");
    expect(await adapter.getUserByAccount!({ provider: "evil", providerAccountId: row.sub })).toBeNull();
    expect(String(config.recorded.errors.at(-1))).toMatch(/larger than 1048576 bytes/);
  });

  it("stops reading a streamed answer soon after the limit", async () => {
    idp.token = json({ access_token: "at", token_type: "bearer" });
    idp.userinfo = streamedHugeJson({ sub: "big-userinfo" });
    const client = browser(oauthConfig([hostileProvider(idp)], { adapter: MemoryAdapter() }));
    await startSignIn(client, "evil");
    await client.get("/auth/callback/evil?code=abc");
    // Socket buffers let some more out, but nowhere near the whole answer.
    expect(written).toBeLessThan(PADDING_BYTES);
  });

  it("still signs in with answers within the limit", async () => {
    idp.token = json({ access_token: "at", token_type: "bearer", pad: "a".repeat(100_000) });
    idp.userinfo = json({ sub: "fits", email: "fits@evil.test", pad: "b".repeat(900_000) });
    const adapter = MemoryAdapter();
    const client = browser(oauthConfig([hostileProvider(idp)], { adapter }));
    await startSignIn(client, "evil");
    const target = location(await client.get("/auth/callback/evil?code=abc"));
    expect(target.pathname).not.toBe("/auth/signin");
    expect(await adapter.getUserByAccount!({ provider: "evil", providerAccountId: "fits" })).not.toBeNull();
  });
});

describe("boundedFetch", () => {
  const answering = (response: Response) => boundedFetch(async () => response);

  it("hands on status, headers and body of an answer within the limit", async () => {
    const response = await answering(
      new Response('{"ok":true}', { status: 201, statusText: "Made", headers: { "x-kept": "yes" } }),
    )("https://idp.example/x");
    expect([response.status, response.statusText, response.headers.get("x-kept")]).toEqual([
      201,
      "Made",
      "yes",
    ]);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("hands on answers without a body as they are", async () => {
    const response = await answering(new Response(null, { status: 204 }))("https://idp.example/x");
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it("refuses an answer one byte past the limit, naming where it came from without the query", async () => {
    const fetcher = answering(new Response(new Uint8Array(MAX_PROVIDER_ANSWER_BYTES + 1)));
    await expect(fetcher("https://idp.example/userinfo?access_token=secret")).rejects.toThrow(
      "the answer from https://idp.example/userinfo is larger than 1048576 bytes",
    );
  });

  it("takes an answer of exactly the limit", async () => {
    const fetcher = answering(new Response(new Uint8Array(MAX_PROVIDER_ANSWER_BYTES)));
    expect((await (await fetcher("https://idp.example/x")).arrayBuffer()).byteLength).toBe(
      MAX_PROVIDER_ANSWER_BYTES,
    );
  });
});
