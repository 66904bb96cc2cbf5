/**
 * The firm's mailbox for enquiry conversations (Admin > Settings > Mailbox): the address visitors'
 * replies go to (Reply-To, plus-addressed per enquiry when the mail server supports it) and the
 * IMAP account the job worker reads them from. One row, `mailbox_settings`.
 *
 * The IMAP password is encrypted at rest with the server secret, as the two-factor secrets and
 * recovery codes are (better-auth's `symmetricEncrypt`), and never sent back to a browser.
 * The IMAP host may not be a loopback or private address unless `IMAP_ALLOW_PRIVATE=true`: a
 * staff setting must not make the server connect to internal services (SSRF). It is checked when
 * saved and again, after DNS resolution, before every connection.
 */
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { mailboxSettings } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { env, serverSecret } from "~/utils/env.server";
import { checkPublicHost } from "~/utils/public-address.server";

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
  if (!row) return { ...DEFAULTS, hasPassword: false, lastPolledAt: null, lastError: null };
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
  };
}

/** The IMAP account as the worker connects with it, the password decrypted. Null when reading is off or incomplete. */
export async function getImapAccount(): Promise<{ host: string; port: number; secure: boolean; user: string; password: string; folder: string; replyAddress: string } | null> {
  const [row] = await db.select().from(mailboxSettings).where(eq(mailboxSettings.id, 1));
  if (!row || !row.imapEnabled || !row.imapHost || !row.imapUser || !row.imapPasswordEncrypted) return null;
  const password = await symmetricDecrypt({ key: serverSecret, data: row.imapPasswordEncrypted });
  return { host: row.imapHost, port: row.imapPort, secure: row.imapTls, user: row.imapUser, password, folder: row.imapFolder, replyAddress: row.replyAddress };
}

/**
 * Refuses a host that is, or resolves to, a non-public address (`checkPublicHost`), unless
 * `IMAP_ALLOW_PRIVATE` is true. Returns an error message for people, or null when the host may be used.
 */
export async function checkImapHost(host: string, allowPrivate: boolean = env.IMAP_ALLOW_PRIVATE): Promise<string | null> {
  const refusal = await checkPublicHost(host, allowPrivate);
  if (refusal === "not-found") return "That mail server's name could not be found.";
  return refusal ? "Use the mail server's public host name." : null;
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
 * Saves the mailbox settings. Reading needs a host, a user and a password (stored or typed), and the
 * host must pass {@link checkImapHost}. Changing the host, user or folder starts reading the new
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
    if (next.imapHost && !errors.imapHost) {
      const hostError = await checkImapHost(next.imapHost);
      if (hostError) errors.imapHost = [hostError];
    }
    if (Object.keys(errors).length) return { ok: false, errors };
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
    ...(moved ? { uidValidity: null, lastUid: 0, lastError: null } : {}),
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx.insert(mailboxSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: mailboxSettings.id, set: values });
    const { imapPasswordEncrypted: _secret, updatedAt: _at, ...shown } = values;
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
