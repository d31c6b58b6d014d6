/**
 * A sign-in email whose send never finishes ends after `timeouts.email` like any failed send:
 * back to the sign-in page, the error logged, and no usable token left behind. The stalling
 * peers are loopback servers that accept the connection and never answer: an SMTP server that
 * never sends its greeting, and an HTTP email API that never responds. The real SMTP sink
 * cannot be told to stall. Vitest's per-test time-out is the guard against a hang.
 */
import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from "node:net";
import Resend from "@portcullis/core/providers/resend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, location, logText, ORIGIN, requestLink } from "./helpers";

const GUARD = { timeout: 3_000 };
const TOKEN = "stalled-send-token";

let smtp: Server;
let api: ReturnType<typeof createHttpServer>;
const open = new Set<Socket>();
const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  // Accepts connections and never writes, so a client waits for a greeting that never comes.
  smtp = createTcpServer((socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  });
  api = createHttpServer(() => {});
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
  // Dropping the open sockets lets the abandoned SMTP client fail and close.
  await new Promise((resolve) => {
    smtp.close(resolve);
    for (const socket of open) socket.destroy();
  });
});

describe.each([
  {
    name: "an SMTP server that never greets",
    app: () =>
      emailApp(
        { url: `smtp://127.0.0.1:${port(smtp)}` },
        { provider: { generateVerificationToken: () => TOKEN }, config: { timeouts: { email: 200 } } },
      ),
    id: "nodemailer",
  },
  {
    name: "an email API that never answers",
    app: () =>
      emailApp(undefined, {
        customProvider: Resend({
          apiKey: "stall-test-key",
          from: "Example <no-reply@example.test>",
          apiUrl: `http://127.0.0.1:${port(api)}`,
          generateVerificationToken: () => TOKEN,
        }),
        config: { timeouts: { email: 200 } },
      }),
    id: "resend",
  },
])("a send to $name", ({ app: makeApp, id }) => {
  it("goes back to the sign-in page with EmailSignInError and leaves no usable link", GUARD, async () => {
    const app = makeApp();
    const response = await requestLink(app.browser(), "stalled@example.com", {}, id);
    expect(location(response)).toBe(`${ORIGIN}/auth/signin?error=Configuration`);
    expect(app.errors.map((e) => e.name)).toEqual(["EmailSignInError"]);
    const log = logText(app.errors);
    expect(log).toContain(`Sending with "${id}" did not answer within 200 ms.`);
    expect(log).not.toContain(TOKEN);
    const link = `/auth/callback/${id}?token=${TOKEN}&email=stalled%40example.com`;
    expect(location(await app.browser().get(link))).toBe(`${ORIGIN}/auth/error?error=Verification`);
  });
});
