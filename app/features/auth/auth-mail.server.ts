/**
 * The mails of staff accounts that better-auth asks for: the set-password link (an invitation, or
 * a reset of an existing password) and the link confirming a new sign-in address. Both are queued
 * in the outbox; the links point at PUBLIC_URL.
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { account, verification } from "~/db/schema";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { renderEmail } from "~/features/mail/templates.server";
import { env } from "~/utils/env.server";
import { deleteResetLinks, resetLinkIdentifier } from "./verification-tokens.server";

/** How long a password-reset link (an account that already has a password) stays valid, in seconds. */
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;

const publicOrigin = new URL(env.PUBLIC_URL).origin;

/** The absolute URL of the set-password screen for a reset token. */
export function setPasswordUrl(token: string): string {
  return `${publicOrigin}/admin/set-password?token=${encodeURIComponent(token)}`;
}

/**
 * Queues the set-password (invitation) or reset mail for a user with active admin access (the
 * caller checks). Invitations (no password yet) and resets are worded differently; both link to
 * /admin/set-password. Only the newest link of a member works: the earlier ones are deleted here,
 * and a reset link (an account that has a password) lives RESET_PASSWORD_TTL_SECONDS.
 */
export async function sendSetPasswordMail(target: { id: string; email: string; name: string }, token: string) {
  // Only the newest link works: any earlier invitation or reset link of this member stops now.
  await deleteResetLinks(db, target.id, token);
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, target.id), eq(account.providerId, "credential")));
  const invitation = !credential?.password;
  if (!invitation) {
    // better-auth has one lifetime for every reset token; a reset of an existing password gets one hour.
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() + RESET_PASSWORD_TTL_SECONDS * 1000) })
      .where(eq(verification.identifier, resetLinkIdentifier(token)));
  }
  const settings = await getMailSettings();
  const url = setPasswordUrl(token);
  const heading = invitation ? `You have been invited to the ${settings.companyName} admin portal` : "Reset your password";
  const { html, text } = renderEmail(
    {
      preheader: invitation ? "Choose a password to start using the admin portal." : "Choose a new password for the admin portal.",
      heading,
      intro: `Hello ${target.name},`,
      paragraphs: invitation
        ? [
            `An account has been created for you on the ${settings.companyName} admin portal, where the team manages enquiries, consultations and website content.`,
            "Choose your password with the button below, then sign in with this e-mail address.",
          ]
        : ["Choose a new password for the admin portal with the button below."],
      button: { label: invitation ? "Set your password" : "Choose a new password", url },
      footerNote: invitation
        ? "This link works once and expires in 48 hours. If you did not expect this e-mail, you can ignore it."
        : "This link works once and expires in one hour. If you did not ask for it, you can ignore this e-mail: your password stays as it is.",
    },
    settings,
  );
  await enqueueEmails(db, [
    {
      kind: invitation ? "admin.invitation" : "admin.password_reset",
      to: target.email,
      subject: invitation ? `Set your password for the ${settings.companyName} admin portal` : "Reset your admin portal password",
      html,
      text,
    },
  ]);
}

/** Sends the link confirming a new sign-in address to that address (better-auth's change-email flow). */
export async function sendChangeEmailMail(target: { name: string; email: string }, token: string) {
  const settings = await getMailSettings();
  const url = `${publicOrigin}/admin/confirm-email?token=${encodeURIComponent(token)}`;
  const { html, text } = renderEmail(
    {
      preheader: "Confirm the new e-mail address of your admin portal account.",
      heading: "Confirm your new e-mail address",
      intro: `Hello ${target.name},`,
      paragraphs: [
        `You asked to sign in to the ${settings.companyName} admin portal with this address. Confirm it with the button below while signed in; until then your old address stays in use.`,
      ],
      button: { label: "Confirm this address", url },
      footerNote: "This link expires in one hour. If you did not ask for this, you can ignore this e-mail.",
    },
    settings,
  );
  await enqueueEmails(db, [
    { kind: "account.email_change_requested", to: target.email, subject: "Confirm your new admin portal e-mail address", html, text },
  ]);
}
