/**
 * Engineers are told of changes to their diary by e-mail, each with their own copy of the
 * booking's invitation (`engineerEmail`: ORGANIZER the engineer, the booking's UID and SEQUENCE).
 */
import { inArray } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import type { SiteSettings } from "~/features/settings/schema";
import type { BookingMailData } from "./booking-mail.server";
import { engineerEmail } from "./booking-engineer-mail.server";
import type { InviteStatus } from "../core/index.server";

type Executor = Database | Transaction;

/**
 * The e-mails telling engineers of a change to a booking (`engineerEmail`): `from` is who held it
 * before the change, `to` who holds it after (null: nobody, e.g. cancelled). `from` other than
 * `to` is sent a cancellation (METHOD:CANCEL); `to` is sent the invitation at `status`. Both at
 * `sequence`. `fromMail` is the booking as `from` knew it (its old time, when moved). Engineers
 * whose account is gone are skipped.
 */
export async function engineerNotices(
  executor: Executor,
  mail: BookingMailData,
  site: SiteSettings & { address?: readonly string[] },
  {
    from,
    to,
    status,
    sequence,
    fromMail = mail,
  }: { from: string | null; to: string | null; status: InviteStatus; sequence: number; fromMail?: BookingMailData },
): Promise<OutgoingEmail[]> {
  const ids = [...new Set([from, to].filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return [];
  const people = await executor.select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email }).from(adminUsers).where(inArray(adminUsers.id, ids));
  const person = (id: string | null) => people.find((p) => p.id === id);
  const out: OutgoingEmail[] = [];
  const before = person(from);
  if (before && from !== to) out.push(engineerEmail(fromMail, site, before, "CANCELLED", sequence));
  const after = person(to);
  if (after) out.push(engineerEmail(mail, site, after, status, sequence));
  return out;
}
