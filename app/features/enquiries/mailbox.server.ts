/**
 * The firm's mailbox for enquiry conversations (Admin > Settings > Mailbox): the address visitors'
 * replies go to (Reply-To, plus-addressed per enquiry when the mail server supports it) and the
 * IMAP account the job worker reads them from. One row, `mailbox_settings`.
 *
 * The IMAP password is encrypted at rest with the server secret, as the two-factor secrets and
 * recovery codes are (better-auth's `symmetricEncrypt`), and never sent back to a browser.
 * The IMAP host may not be a loopback or private address unless `IMAP_ALLOW_PRIVATE=true`: a
 * staff setting must not make the server connect to internal services (SSRF). It is resolved and
 * checked before every connection, and the connection goes to the address checked (TLS still
 * verifies the certificate against the host name), so a name that resolves elsewhere a moment
 * later (DNS rebinding) cannot steer it.
 *
 * Saving with reading on first signs in and opens the folder ({@link checkMailbox}); a mailbox
 * that cannot be read is refused with the reason on the field at fault. The staff member who
 * saved is the mailbox's owner, told by e-mail when it later fails.
 */
import { isIP } from "node:net";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { ImapFlow } from "imapflow";
import { z } from "zod";
import { db } from "~/db/client.server";
import { mailboxSettings } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { env, serverSecret } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { resolvePublicHost } from "~/utils/public-address.server";

/** The mailbox settings as staff see them: everything but the password, which is only said to be set. */
export type MailboxSettingsView = {
  replyAddress: string;
  plusAddressing: boolean;
  imapEnabled: boolean;
  imapHost: string;
  imapPort: number;
  imapTls: boolean;
  imapUser: string;
  imapFolder: string;
  hasPassword: boolean;
  lastPolledAt: string | null;
  lastError: string | null;
  /** Since when every read has failed (ISO 8601), null while reading works or is off. */
  failingSince: string | null;
};

const DEFAULTS = {
  replyAddress: "",
  plusAddressing: false,
  imapEnabled: false,
  imapHost: "",
  imapPort: 993,
  imapTls: true,
  imapUser: "",
  imapFolder: "INBOX",
};

/** The stored row (or the defaults when none was saved), without the password. */
export async function getMailboxSettings(): Promise<MailboxSettingsView> {
  const [row] = await db.select().from(mailboxSettings).where(eq(mailboxSettings.id, 1));
  if (!row) return { ...DEFAULTS, hasPassword: false, lastPolledAt: null, lastError: null, failingSince: null };
  return {
    replyAddress: row.replyAddress,
    plusAddressing: row.plusAddressing,
    imapEnabled: row.imapEnabled,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapTls: row.imapTls,
    imapUser: row.imapUser,
    imapFolder: row.imapFolder,
    hasPassword: Boolean(row.imapPasswordEncrypted),
    lastPolledAt: row.lastPolledAt?.toISOString() ?? null,
    lastError: row.lastError,
    failingSince: row.imapEnabled ? (row.failingSince?.toISOString() ?? null) : null,
  };
}

/**
 * The mailbox's standing failure for the dashboard: the reason and since when (ISO 8601), or null
 * while reading works or is off.
 */
export async function getMailboxFailure(): Promise<{ reason: string; since: string } | null> {
  const [row] = await db
    .select({ enabled: mailboxSettings.imapEnabled, since: mailboxSettings.failingSince, reason: mailboxSettings.lastError })
    .from(mailboxSettings)
    .where(eq(mailboxSettings.id, 1));
  if (!row?.enabled || !row.since) return null;
  return { reason: row.reason ?? "", since: row.since.toISOString() };
}

/** The IMAP account as the worker connects with it, the password decrypted. */
export type ImapAccount = { host: string; port: number; secure: boolean; user: string; password: string; folder: string; replyAddress: string };

/** The IMAP account as the worker connects with it. Null when reading is off or incomplete. */
export async function getImapAccount(): Promise<ImapAccount | null> {
  const [row] = await db.select().from(mailboxSettings).where(eq(mailboxSettings.id, 1));
  if (!row || !row.imapEnabled || !row.imapHost || !row.imapUser || !row.imapPasswordEncrypted) return null;
  const password = await symmetricDecrypt({ key: serverSecret, data: row.imapPasswordEncrypted });
  return { host: row.imapHost, port: row.imapPort, secure: row.imapTls, user: row.imapUser, password, folder: row.imapFolder, replyAddress: row.replyAddress };
}

/**
 * Refuses a host that is, or resolves to, a non-public address (`resolvePublicHost`), unless
 * `IMAP_ALLOW_PRIVATE` is true. Returns an error message for people, or null when the host may be used.
 */
export async function checkImapHost(host: string, allowPrivate: boolean = env.IMAP_ALLOW_PRIVATE): Promise<string | null> {
  const resolved = await resolvePublicHost(host, allowPrivate);
  return "refusal" in resolved ? refusalMessage(resolved.refusal) : null;
}

function refusalMessage(refusal: "local-name" | "not-found" | "not-public"): string {
  return refusal === "not-found" ? "That mail server's name could not be found." : "Use the mail server's public host name.";
}

/** Why a mailbox cannot be read: a message for people, and the Mailbox form's field at fault. */
export type MailboxProblem = { field: "imapHost" | "imapPort" | "imapTls" | "imapPassword" | "imapFolder"; message: string };

/** A mailbox that cannot be read, with its {@link MailboxProblem}. */
export class MailboxError extends Error {
  constructor(readonly problem: MailboxProblem) {
    super(problem.message);
    this.name = "MailboxError";
  }
}

const TLS_CERT_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS_CERT_ALTNAME_INVALID/;

/** What went wrong reading `folder`, in people's words, from an imapflow or socket error. */
export function describeMailboxError(error: unknown, folder: string): MailboxProblem {
  if (error instanceof MailboxError) return error.problem;
  const e = (error ?? {}) as { code?: string; authenticationFailed?: boolean; serverResponseCode?: string; responseText?: string; message?: string };
  const text = `${e.responseText ?? ""} ${e.message ?? ""}`;
  if (e.authenticationFailed || e.serverResponseCode === "AUTHENTICATIONFAILED" || /authenticat|credentials|login failed/i.test(text)) {
    return { field: "imapPassword", message: "The mail server refused this user name and app password." };
  }
  if (e.serverResponseCode === "NONEXISTENT" || /doesn.t exist|does not exist|nonexistent|unknown mailbox|no such (mailbox|folder)/i.test(text)) {
    return { field: "imapFolder", message: `The folder "${folder.slice(0, 100)}" does not exist in this mailbox.` };
  }
  const code = e.code ?? "";
  if (TLS_CERT_CODES.test(code)) return { field: "imapHost", message: "The mail server's certificate is not valid for this host name." };
  if (/EPROTO|SSL|TLS/i.test(code) || /wrong version number|ssl|tls/i.test(text)) {
    return { field: "imapTls", message: "The secure connection failed: check the port and the TLS setting (993 uses TLS)." };
  }
  if (code === "ECONNREFUSED") return { field: "imapPort", message: "The mail server refused the connection on this port." };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { field: "imapHost", message: "That mail server's name could not be found." };
  if (/TIMEOUT|ETIMEDOUT/i.test(code) || /timeout|timed out/i.test(text)) {
    return { field: "imapPort", message: "The mail server did not answer in time: check the host name, the port and the TLS setting." };
  }
  return { field: "imapHost", message: `The mailbox could not be read: ${(e.message ?? String(error)).slice(0, 200)}` };
}

/**
 * Connects and signs in to `account`'s server: the host is resolved and checked
 * ({@link checkImapHost}'s rule), then the connection goes to that address, with TLS verifying
 * the certificate against the host name. Throws a {@link MailboxError} (host refused) or
 * imapflow's error (see {@link describeMailboxError}); the caller logs out.
 */
export async function connectImap(account: Pick<ImapAccount, "host" | "port" | "secure" | "user" | "password">, timeoutMs = 15_000): Promise<ImapFlow> {
  const name = account.host.replace(/^\[|\]$/g, "");
  const resolved = await resolvePublicHost(name, env.IMAP_ALLOW_PRIVATE);
  if ("refusal" in resolved) throw new MailboxError({ field: "imapHost", message: refusalMessage(resolved.refusal) });
  const client = new ImapFlow({
    host: resolved.address,
    ...(isIP(name) ? {} : { servername: name }),
    port: account.port,
    secure: account.secure,
    auth: { user: account.user, pass: account.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 60_000,
  });
  client.on("error", (error: Error) => logger.warn({ err: error.message }, "mailbox: connection error"));
  await client.connect();
  return client;
}

/**
 * Signs in to the mailbox and opens its folder read-only, as the worker will: null when that
 * works, else the {@link MailboxProblem}. Takes at most about 10 seconds.
 */
export async function checkMailbox(account: Pick<ImapAccount, "host" | "port" | "secure" | "user" | "password" | "folder">): Promise<MailboxProblem | null> {
  let client: ImapFlow | undefined;
  try {
    client = await connectImap(account, 10_000);
    await client.mailboxOpen(account.folder, { readOnly: true });
    return null;
  } catch (error) {
    return describeMailboxError(error, account.folder);
  } finally {
    await client?.logout().catch(() => client?.close());
  }
}

/** How far back the first read of a mailbox (or of a changed one) looks, in days. */
export const FIRST_READ_DAYS = 14;

const hostPattern = /^[a-z0-9.-]{1,253}$|^\[?[0-9a-f:.]{2,45}\]?$/i;

/** The Mailbox form. Booleans come as checkboxes ("on"); a blank password keeps the stored one. */
export const MailboxSettingsSchema = z.object({
  replyAddress: z.union([z.literal(""), z.email({ error: "Enter a valid e-mail address." }).max(254)]),
  plusAddressing: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  imapEnabled: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  imapHost: z.string().trim().max(253).refine((v) => v === "" || hostPattern.test(v), { error: "Enter a host name such as imap.example.com." }),
  imapPort: z.coerce.number({ error: "Enter a port number." }).int().min(1, "Enter a port number.").max(65535, "Enter a port number."),
  imapTls: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  imapUser: z.string().trim().max(254),
  imapPassword: z.string().max(500).optional(),
  imapFolder: z.string().trim().min(1, "Enter a folder name.").max(200).default("INBOX"),
});

/** Field errors of the Mailbox form, by field name. */
export type MailboxFieldErrors = Partial<Record<keyof z.infer<typeof MailboxSettingsSchema>, string[]>>;

/**
 * Saves the mailbox settings. Reading needs a host, a user and a password (stored or typed), and
 * the mailbox must pass {@link checkMailbox} (its problem is the error of the field at fault); the
 * saver becomes the owner told of later failures, and any standing failure is cleared. Changing the host, user or folder starts reading the new
 * folder afresh (its messages of the last {@link FIRST_READ_DAYS} days). Audited without the password (only whether it changed).
 */
export async function updateMailboxSettings(
  actor: AuditActor,
  input: Record<string, unknown>,
): Promise<{ ok: true } | { ok: false; errors: MailboxFieldErrors }> {
  const parsed = MailboxSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const errors: MailboxFieldErrors = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0]) as keyof MailboxFieldErrors] ??= []).push(issue.message);
    return { ok: false, errors };
  }
  const next = parsed.data;
  const [current] = await db.select().from(mailboxSettings).where(eq(mailboxSettings.id, 1));
  const password = next.imapPassword ? next.imapPassword : null;
  if (next.imapEnabled) {
    const errors: MailboxFieldErrors = {};
    if (!next.replyAddress) errors.replyAddress = ["Enter the address visitors' replies go to."];
    if (!next.imapHost) errors.imapHost = ["Enter the mail server's host name."];
    if (!next.imapUser) errors.imapUser = ["Enter the mailbox's user name."];
    if (!password && !current?.imapPasswordEncrypted) errors.imapPassword = ["Enter the mailbox's app password."];
    if (Object.keys(errors).length) return { ok: false, errors };
    const storedPassword = current?.imapPasswordEncrypted ? await symmetricDecrypt({ key: serverSecret, data: current.imapPasswordEncrypted }) : "";
    const problem = await checkMailbox({ host: next.imapHost, port: next.imapPort, secure: next.imapTls, user: next.imapUser, password: password ?? storedPassword, folder: next.imapFolder });
    if (problem) return { ok: false, errors: { [problem.field]: [problem.message] } };
  }
  const encrypted = password ? await symmetricEncrypt({ key: serverSecret, data: password }) : (current?.imapPasswordEncrypted ?? null);
  const moved =
    !current || current.imapHost !== next.imapHost || current.imapUser !== next.imapUser || current.imapFolder !== next.imapFolder;
  const values = {
    replyAddress: next.replyAddress,
    plusAddressing: next.plusAddressing,
    imapEnabled: next.imapEnabled,
    imapHost: next.imapHost,
    imapPort: next.imapPort,
    imapTls: next.imapTls,
    imapUser: next.imapUser,
    imapFolder: next.imapFolder,
    imapPasswordEncrypted: encrypted,
    ...(moved ? { uidValidity: null, lastUid: 0 } : {}),
    // Just checked (or reading is off): no failure stands.
    lastError: null,
    failingSince: null,
    failureNotifiedAt: null,
    savedBy: actor?.userId ?? null,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx.insert(mailboxSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: mailboxSettings.id, set: values });
    const { imapPasswordEncrypted: _secret, updatedAt: _at, lastError: _e, failingSince: _f, failureNotifiedAt: _n, savedBy: _by, ...shown } = values;
    await recordAudit(tx, {
      actor,
      action: "mailbox.updated",
      entityType: "settings",
      entityId: "mailbox",
      details: { ...shown, passwordChanged: Boolean(password) },
    });
  });
  return { ok: true };
}
