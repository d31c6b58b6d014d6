import { createTransport } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type SmtpSink, startSmtpSink } from "../src/smtp";

describe("startSmtpSink", () => {
  let sink: SmtpSink;
  let transport: ReturnType<typeof createTransport>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    transport = createTransport(sink.url);
  });

  afterAll(async () => {
    transport.close();
    await sink.stop();
  });

  it("serves SMTP on 127.0.0.1 at the advertised URL", () => {
    expect(sink.host).toBe("127.0.0.1");
    expect(sink.url).toBe(`smtp://127.0.0.1:${sink.port}`);
  });

  it("keeps a message sent with nodemailer, parsed into envelope, subject, text and html", async () => {
    await transport.sendMail({
      from: "Portcullis <no-reply@portcullis.test>",
      to: "Ada@Example.test",
      subject: "Sign in to Portcullis",
      text: "Open https://app.test/verify?token=abc",
      html: '<p><a href="https://app.test/verify?token=abc">Sign in</a></p>',
    });
    const mail = await sink.waitForMail("ada@example.test");
    expect(mail.from).toBe("no-reply@portcullis.test");
    expect(mail.to).toEqual(["ada@example.test"]);
    expect(mail.subject).toBe("Sign in to Portcullis");
    expect(mail.text.trim()).toBe("Open https://app.test/verify?token=abc");
    expect(mail.html).toContain('href="https://app.test/verify?token=abc"');
    expect(mail.headers.get("subject")).toBe("Sign in to Portcullis");
    expect(mail.raw).toContain("Subject: Sign in to Portcullis");
    expect(sink.mails).toContain(mail);
  });

  it("resolves a wait that started before the message arrived", async () => {
    const waiting = sink.waitForMail("later@example.test");
    await transport.sendMail({
      from: "a@portcullis.test",
      to: "later@example.test",
      subject: "Later",
      text: "x",
    });
    expect((await waiting).subject).toBe("Later");
  });

  it("hands out each message once, oldest first, to successive waits", async () => {
    for (const subject of ["First", "Second"]) {
      await transport.sendMail({ from: "a@portcullis.test", to: "twice@example.test", subject, text: "x" });
    }
    expect((await sink.waitForMail("twice@example.test")).subject).toBe("First");
    expect((await sink.waitForMail("twice@example.test")).subject).toBe("Second");
  });

  it("lists Bcc recipients in the envelope so a wait for them resolves", async () => {
    await transport.sendMail({
      from: "a@portcullis.test",
      to: "visible@example.test",
      bcc: "hidden@example.test",
      subject: "Copy",
      text: "x",
    });
    const mail = await sink.waitForMail("hidden@example.test");
    expect(mail.to).toEqual(["visible@example.test", "hidden@example.test"]);
    expect(mail.raw).not.toContain("hidden@example.test");
  });

  it("rejects a wait with a clear error when no message to that address arrives in time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const waiting = sink.waitForMail("nobody@example.test", 2000);
      vi.advanceTimersByTime(2000);
      await expect(waiting).rejects.toThrow(
        "No mail to nobody@example.test arrived at the SMTP sink within 2000 ms",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses the next message with the given reply code and accepts the one after", async () => {
    sink.refuseNext(550, "Mailbox unavailable");
    const count = sink.mails.length;
    const send = (subject: string) =>
      transport.sendMail({ from: "a@portcullis.test", to: "refused@example.test", subject, text: "x" });
    await expect(send("Refused")).rejects.toMatchObject({ responseCode: 550 });
    expect(sink.mails).toHaveLength(count);
    await send("Accepted");
    expect((await sink.waitForMail("refused@example.test")).subject).toBe("Accepted");
  });
});
