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
    case "settings.updated":
      return `updated settings: ${Object.keys(d).join(", ")}`;
    default:
      return `${entry.action.replace(/[._]/g, " ")} (${entry.entityType})`;
  }
}
