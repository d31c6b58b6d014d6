import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import {
  SMTPServer,
  type SMTPServerDataStream,
  type SMTPServerError,
  type SMTPServerSession,
} from "smtp-server";

/** One message accepted by the {@link SmtpSink}, parsed. */
export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO), lower-cased; Bcc recipients appear here too. */
  to: string[];
  subject: string;
  text: string;
  /** HTML body, or "" for a text-only message. */
  html: string;
  /** Parsed headers keyed by lower-case name, as mailparser returns them. */
  headers: Map<string, unknown>;
  /** The message exactly as received in DATA. */
  raw: string;
}

/** A running SMTP server on 127.0.0.1 that keeps every message it accepts. */
export interface SmtpSink {
  host: "127.0.0.1";
  port: number;
  /** `smtp://127.0.0.1:<port>`, usable as a nodemailer transport URL. */
  url: string;
  /** Every accepted message, oldest first. */
  mails: ReceivedMail[];
  /**
   * Resolves with the oldest message to `to` (case-insensitive) not yet returned by an earlier call, waiting
   * for it if none has arrived; rejects after `timeoutMs` (default 5000) if none comes.
   */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Makes the next message fail at the end of DATA with this SMTP reply code and text. */
  refuseNext(code: number, message: string): void;
  stop(): Promise<void>;
}

/**
 * Starts a real SMTP server (smtp-server) on 127.0.0.1 with a port chosen at run time, so email sign-in
 * tests send through an actual SMTP conversation and read back what a mailbox would get. It accepts any
 * sender and recipient without authentication or TLS, and parses each message with mailparser before it
 * acknowledges DATA: once the client's send resolves, the message is already in `mails`.
 *
 * @returns The running sink.
 * @throws When the socket cannot be bound.
 * @example
 * const sink = await startSmtpSink();
 * const mail = sink.waitForMail("user@example.test");
 * // ... send a message with nodemailer to sink.url ...
 * console.log((await mail).subject);
 * await sink.stop();
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  const taken = new Set<ReceivedMail>();
  let refusal: { code: number; message: string } | undefined;

  const server = new SMTPServer({
    authOptional: true,
    // Without STARTTLS clients stay on the plain connection instead of upgrading to a self-signed cert.
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Reverse DNS of 127.0.0.1 costs ~150 ms per connection and tells a test nothing.
    disableReverseLookup: true,
    // Clients quit after each message; a short grace period keeps stop() quick if one lingers.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const pending = refusal;
      refusal = undefined;
      receive(stream, session).then(
        (mail) => {
          if (pending) return callback(refusalError(pending));
          mails.push(mail);
          arrivals.emit("mail", mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const findUntaken = (to: string) => mails.find((mail) => !taken.has(mail) && mail.to.includes(to));

  return {
    host: "127.0.0.1",
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      return new Promise((resolve, reject) => {
        const take = (mail: ReceivedMail) => {
          taken.add(mail);
          resolve(mail);
        };
        const early = findUntaken(address);
        if (early) return take(early);
        const onMail = (mail: ReceivedMail) => {
          if (taken.has(mail) || !mail.to.includes(address)) return;
          clearTimeout(timer);
          arrivals.off("mail", onMail);
          take(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off("mail", onMail);
          reject(new Error(`No mail to ${to} arrived at the SMTP sink within ${timeoutMs} ms`));
        }, timeoutMs);
        arrivals.on("mail", onMail);
      });
    },
    refuseNext(code, message) {
      refusal = { code, message };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<ReceivedMail> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const parsed = await simpleParser(raw);
  const from = session.envelope.mailFrom;
  return {
    from: from ? from.address : "",
    to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: parsed.html || "",
    headers: parsed.headers,
    raw: raw.toString("utf8"),
  };
}

function refusalError(refusal: { code: number; message: string }): SMTPServerError {
  const error: SMTPServerError = new Error(refusal.message);
  error.responseCode = refusal.code;
  return error;
}
