/**
 * How mail leaves the product (`docs/design.md` sections 2 and 6): SMTP when `SMTP_URL` is set,
 * otherwise each message is written as an RFC 822 `.eml` file under `${DATA_DIR}/outbox/`, so a
 * laptop run keeps every message inspectable. Both paths build the message with nodemailer (the
 * file path uses its stream transport), never hand-made MIME.
 *
 * The job worker (`app/features/jobs/worker.server.ts`) is the only sender; domain code queues
 * messages with `enqueueEmails` instead.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import nodemailer from "nodemailer";
import type { SendMailOptions, Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { env } from "~/utils/env.server";
import { ensurePrivateDir, writePrivateFile } from "~/utils/private-files.server";

/**
 * The name and address of the From header every message carries (`MAIL_FROM`, e.g.
 * `Meridian Engineering <hello@example.com>`), parsed with nodemailer's address parser. Calendar
 * invitations name it as ORGANIZER so that the organizer and the sender agree.
 * A bare address gives an empty name.
 */
export function mailFromAddress(from: string = env.MAIL_FROM): { name: string; address: string } {
  const [first] = addressparser(from, { flatten: true });
  return { name: first?.name ?? "", address: first?.address ?? from };
}

/** One message to send; the same shape the outbox stores. Attachments are UTF-8 text. */
export type MailMessage = {
  to: string;
  /** Sets the `Reply-To` header when present. */
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: string }[] | null;
  /** Threading headers; a `messageId` replaces the one nodemailer would make. */
  headers?: { messageId?: string; inReplyTo?: string; references?: string[] } | null;
};

/** The result of a send: the Message-ID, and for the file transport the `.eml` path written. */
export type SendResult = { messageId: string; file?: string };

/** Sends messages. `send` rejects with the transport's error when a message cannot be handed over. */
export interface MailTransport {
  readonly kind: "smtp" | "file";
  send(message: MailMessage): Promise<SendResult>;
  /** Releases connections (SMTP pool); a no-op for the file transport. */
  close(): void;
}

/** Options for `createMailTransport`; anything unset falls back to the environment. */
export type MailTransportOptions = {
  /** e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://...`; unset writes `.eml` files. */
  smtpUrl?: string | null;
  /** Folder for `.eml` files when there is no SMTP URL; default `${DATA_DIR}/outbox`. */
  outboxDir?: string;
  /** The From header; default `MAIL_FROM`. */
  from?: string;
  /** SMTP socket/greeting timeouts in ms (default 15 000), so a dead server fails a send quickly. */
  timeoutMs?: number;
};

function toNodemailer(message: MailMessage, from: string): SendMailOptions {
  return {
    from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    ...(message.headers?.messageId ? { messageId: message.headers.messageId } : {}),
    ...(message.headers?.inReplyTo ? { inReplyTo: message.headers.inReplyTo } : {}),
    ...(message.headers?.references?.length ? { references: message.headers.references } : {}),
    html: message.html,
    text: message.text,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/** A file-safe, sortable name: `2025-01-31T10-00-00-000Z-<uuid>.eml`. */
function emlName(): string {
  return `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
}

/**
 * Builds a transport. With an SMTP URL it sends over SMTP (one connection per message, so a
 * restarted server is picked up at once); without one it writes `.eml` files.
 * Never throws; sending errors surface from `send`.
 */
export function createMailTransport(options: MailTransportOptions = {}): MailTransport {
  const smtpUrl = options.smtpUrl === undefined ? env.SMTP_URL : options.smtpUrl;
  const from = options.from ?? env.MAIL_FROM;

  if (smtpUrl) {
    const timeout = options.timeoutMs ?? 15_000;
    const url = new URL(smtpUrl);
    // Loopback peers (tests, a local relay) need no certificate checks.
    const local = ["127.0.0.1", "localhost", "::1", "[::1]"].includes(url.hostname);
    const transporter: Transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 2,
      ...(local ? { tls: { rejectUnauthorized: false } } : {}),
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      kind: "smtp",
      async send(message) {
        const info = await transporter.sendMail(toNodemailer(message, from));
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }

  const dir = path.resolve(options.outboxDir ?? path.join(env.DATA_DIR, "outbox"));
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "file",
    async send(message) {
      const info = await builder.sendMail(toNodemailer(message, from));
      await ensurePrivateDir(dir);
      const file = path.join(dir, emlName());
      await writePrivateFile(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
    close: () => builder.close(),
  };
}
