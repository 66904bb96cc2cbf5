/**
 * Security events of a staff account (issue 17 "Sessions"): every one is written to the audit log
 * and the account holder is e-mailed about it, so a change they did not make does not go unseen.
 * The mail goes through the outbox (`enqueueEmails`): a mail failure never undoes the change.
 */
import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/client.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";
import type { SiteSettings } from "~/features/settings/schema";
import { getMailSettings } from "~/features/mail/settings.server";

/** The kinds of security event, as recorded in the audit log (`account.<kind>`). */
export type SecurityEventKind =
  | "password_changed"
  | "password_reset"
  | "password_set"
  | "email_changed"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "two_factor_reset"
  | "recovery_codes_regenerated"
  | "recovery_code_used"
  | "passkey_added"
  | "passkey_removed";

/** The mail's second paragraph for every event but those with a `closing` of their own. */
const NOT_YOU = "If this was you, there is nothing more to do. If it was not, reset your password from the sign-in page at once and tell a super admin.";

/**
 * The notice of each event: subject, heading and first paragraph; `closing` replaces `NOT_YOU`
 * and `button` the "Open your account" button where the usual ones do not fit (a welcome).
 */
const WORDING: Record<SecurityEventKind, { subject: string; heading: string; body: string; closing?: string; button?: { label: string; path: string } }> = {
  password_changed: {
    subject: "Your admin portal password was changed",
    heading: "Your password was changed",
    body: "The password of your admin portal account was changed, and every other session was signed out.",
  },
  password_reset: {
    subject: "Your admin portal password was reset",
    heading: "Your password was reset",
    body: "The password of your admin portal account was reset with a link sent to this address, and every session was signed out.",
  },
  password_set: {
    subject: "Welcome to the admin portal",
    heading: "Your password is set",
    body: "You chose the password of your new admin portal account. You can now sign in with this e-mail address and that password.",
    closing: "If you did not set this password yourself, tell a super admin at once.",
    button: { label: "Sign in", path: "/admin/login" },
  },
  email_changed: {
    subject: "Your admin portal e-mail address was changed",
    heading: "Your e-mail address was changed",
    body: "The e-mail address you sign in with was changed.",
  },
  two_factor_enabled: {
    subject: "Two-factor authentication turned on",
    heading: "Two-factor authentication is on",
    body: "An authenticator app was added to your admin portal account. Signing in now also asks for a code from it.",
  },
  two_factor_disabled: {
    subject: "Two-factor authentication turned off",
    heading: "Two-factor authentication is off",
    body: "Two-factor authentication was turned off for your admin portal account. Signing in now asks only for your password.",
  },
  two_factor_reset: {
    subject: "Your two-factor authentication was reset",
    heading: "Your two-factor authentication was reset",
    body: "A super admin reset the two-factor authentication of your admin portal account. Your authenticator app and recovery codes no longer work; set up an authenticator again from Your account.",
  },
  recovery_codes_regenerated: {
    subject: "New recovery codes made",
    heading: "New recovery codes were made",
    body: "New recovery codes were made for your admin portal account. The old ones no longer work.",
  },
  recovery_code_used: {
    subject: "A recovery code was used to sign in",
    heading: "A recovery code was used",
    body: "Someone signed in to your admin portal account with one of your recovery codes. Each code works once.",
  },
  passkey_added: {
    subject: "A passkey was added to your account",
    heading: "A passkey was added",
    body: "A passkey was added to your admin portal account. It can now be used to sign in without a password.",
  },
  passkey_removed: {
    subject: "A passkey was removed from your account",
    heading: "A passkey was removed",
    body: "A passkey was removed from your admin portal account. It can no longer be used to sign in.",
  },
};

/** The account the event happened to. `email` is where the notice goes. */
export type SecurityEventSubject = { userId: string; email: string; name: string };

/**
 * Records `kind` for `subject` in the audit log (action `account.<kind>`, entity the better-auth
 * user) and queues the notice mail to `subject.email` (and to `alsoNotify`, e.g. the old address
 * of an e-mail change). `actor` defaults to the subject themselves; `details` never holds secrets.
 * Inside a transaction (`executor`), pass `settings` read before it: PGlite has one connection,
 * so reading them through `db` meanwhile would wait for the transaction forever.
 */
export async function recordSecurityEvent(
  kind: SecurityEventKind,
  subject: SecurityEventSubject,
  options: {
    actor?: AuditActor;
    details?: Record<string, unknown>;
    alsoNotify?: string[];
    executor?: Database | Transaction;
    settings?: SiteSettings;
  } = {},
): Promise<void> {
  const executor = options.executor ?? db;
  await recordAudit(executor, {
    actor: options.actor === undefined ? { userId: subject.userId, email: subject.email } : options.actor,
    action: `account.${kind}`,
    entityType: "user",
    entityId: subject.userId,
    details: { email: subject.email, ...options.details },
  });
  const settings = options.settings ?? (await getMailSettings());
  const wording = WORDING[kind];
  const { html, text } = renderEmail(
    {
      preheader: wording.body,
      heading: wording.heading,
      intro: `Hello ${subject.name},`,
      paragraphs: [wording.body, wording.closing ?? NOT_YOU],
      button: wording.button ? { label: wording.button.label, url: siteUrl(wording.button.path) } : { label: "Open your account", url: siteUrl("/admin/account") },
      footerNote: "You get this e-mail for every security change to your staff account.",
    },
    settings,
  );
  const recipients = [subject.email, ...(options.alsoNotify ?? [])];
  await enqueueEmails(
    executor,
    recipients.map((to) => ({ kind: `account.${kind}`, to, subject: wording.subject, html, text })),
  );
}
