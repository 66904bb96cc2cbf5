/** Audit entries as sentences for the "Recent activity" lists (safe for the browser). */

/** A sentence for an entry, e.g. "changed the role of ana@x.test from editor to admin". */
export function describeAuditEntry(entry: { action: string; details: Record<string, unknown> | null; entityType: string }): string {
  const d = (entry.details ?? {}) as Record<string, unknown>;
  const email = typeof d.email === "string" ? d.email : "a member of staff";
  const role = (v: unknown) => String(v ?? "").replace(/_/g, " ");
  switch (entry.action) {
    case "user.invited":
      return `added ${email} as ${role(d.role)}`;
    case "user.role_changed":
      return `changed the role of ${email} from ${role(d.from)} to ${role(d.to)}`;
    case "user.deactivated":
      return `deactivated ${email}`;
    case "user.reactivated":
      return `reactivated ${email}`;
    case "user.password_link_sent":
      return `sent a set-password link to ${email}`;
    case "user.bootstrapped":
      return `created the first super admin ${email}`;
    case "calendar_feed.turned_on":
      return `turned on the calendar feed of ${email}`;
    case "calendar_feed.regenerated":
      return `made a new calendar feed address for ${email}`;
    case "calendar_feed.turned_off":
      return `turned off the calendar feed of ${email}`;
    case "data_subject.exported":
      return `exported the personal data of ${email}`;
    case "data_subject.erased":
      return "erased a person's personal data";
    case "retention.applied":
      return "applied the retention periods";
    case "account.password_changed":
      return "changed their password";
    case "account.password_reset":
      return `reset the password of ${email} with an e-mailed link`;
    case "account.password_set":
      return `set the first password of ${email} from the invitation`;
    case "account.email_change_requested":
      return `asked to change their e-mail address to ${String(d.to ?? "")}`;
    case "account.email_changed":
      return `changed their e-mail address from ${String(d.from ?? "")} to ${String(d.to ?? "")}`;
    case "account.name_changed":
      return `changed their name to ${String(d.to ?? "")}`;
    case "account.two_factor_enabled":
      return "turned on two-factor authentication";
    case "account.two_factor_disabled":
      return "turned off two-factor authentication";
    case "account.two_factor_reset":
      return `reset the two-factor authentication of ${email}`;
    case "account.recovery_codes_regenerated":
      return "made new recovery codes";
    case "account.recovery_code_used":
      return "signed in with a recovery code";
    case "account.passkey_added":
      return `added a passkey${typeof d.passkeyName === "string" ? ` (${d.passkeyName})` : ""}`;
    case "account.passkey_removed":
      return `removed a passkey${typeof d.passkeyName === "string" ? ` (${d.passkeyName})` : ""}`;
    case "account.session_ended":
      return "signed out one of their other sessions";
    case "account.other_sessions_ended":
      return "signed out all their other sessions";
    case "webhook.created":
      return `added the webhook endpoint ${String(d.url ?? "")}`;
    case "webhook.updated":
      return `changed the webhook endpoint ${String(d.url ?? "")}`;
    case "webhook.deleted":
      return `deleted the webhook endpoint ${String(d.url ?? "")}`;
    case "webhook.secret_rotated":
      return "made a new signing secret for a webhook endpoint";
    case "settings.updated":
      return `updated settings: ${Object.keys(d).join(", ")}`;
    default:
      return `${entry.action.replace(/[._]/g, " ")} (${entry.entityType})`;
  }
}
