/**
 * A real SMTP peer on a loopback port for tests (smtp-server): it parses every message it accepts
 * (postal-mime) into `received`. `acceptDelayMs` holds each message that long before accepting
 * it, so a test can catch a sender in the middle of sending.
 *
 *   const smtp = new TestSmtp(); await smtp.start(); ... SMTP_URL = smtp.url ... await smtp.stop();
 */
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach } from "vitest";

/** One accepted message: the envelope recipients and the parsed message. */
export type Received = { envelopeTo: string[]; mail: Awaited<ReturnType<typeof PostalMime.parse>> };

export class TestSmtp {
  received: Received[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  /** How long each message is held before it is accepted, in ms (may be changed between sends). */
  acceptDelayMs: number;

  constructor(options: { acceptDelayMs?: number } = {}) {
    this.acceptDelayMs = options.acceptDelayMs ?? 0;
  }

  /** Listens on 127.0.0.1 (`port` 0: a free one). */
  async start(port = 0): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          PostalMime.parse(Buffer.concat(chunks)).then(
            (mail) =>
              setTimeout(() => {
                this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
                callback();
              }, this.acceptDelayMs),
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** `smtp://127.0.0.1:<port>`. */
  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/**
 * A TestSmtp that every test of the calling file gets fresh: Vitest hooks start it on a free port
 * with nothing received before each test and stop it after.
 */
export function smtpForEachTest(): TestSmtp {
  const smtp = new TestSmtp();
  beforeEach(async () => {
    smtp.received = [];
    await smtp.start();
  });
  afterEach(() => smtp.stop());
  return smtp;
}
