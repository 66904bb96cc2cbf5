/** A real SMTP server for tests (smtp-server on a loopback port) that keeps every message it accepts, parsed. */
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/** One accepted message: the envelope recipients and the parsed message. */
export type Received = { envelopeTo: string[]; mail: Awaited<ReturnType<typeof PostalMime.parse>> };

/** A real SMTP peer on a loopback port that parses every message it accepts. */
export class TestSmtp {
  received: Received[] = [];
  private server: SMTPServer | undefined;
  port = 0;

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
            (mail) => {
              this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
              callback();
            },
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

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
