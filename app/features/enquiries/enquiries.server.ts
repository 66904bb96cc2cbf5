/**
 * The contact enquiry (`shared/spec/public-site.md` sections 4, 5 and 7): a visitor's enquiry is
 * stored with status 'new' and priority 'medium'. A clean enquiry queues, in the same
 * transaction, a notification to staff and an acknowledgement to the visitor
 * (`shared/DESIGN.md` section 6). Suspected spam is stored with its `spam_reason` and sends no
 * mail; the visitor sees the same success either way (`shared/DESIGN.md` section 7: never a
 * silent drop). Spam is: a failed bot check (`~/features/abuse/form-guard.server`), more than
 * `LIMITS.enquiryPerClient` submissions from one client (IPv4 address or IPv6 /64) in the hour,
 * or a clean enquiry over the global ceiling `LIMITS.enquiryGlobal` (issue 9 item 5), which bounds
 * the mail a flood can make us send.
 */
import { db } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { logger } from "~/utils/logger.server";
import { buildEnquiryEmails } from "./emails.server";
import { checkFormGuard, type FormGuardReason } from "~/features/abuse/form-guard.server";
import { clientKey, exceedsLimit, LIMITS } from "~/features/abuse/limits.server";
import { EnquirySchema, type EnquiryFieldErrors } from "./schema";

/** Why a submission was flagged, as stored in `enquiries.spam_reason`. */
export type SpamReason = FormGuardReason | "rate_limit" | "global_limit";

/** The outcome of a submission. Spam is a success to the visitor; only `spamReason` tells. */
export type SubmitEnquiryResult =
  | { ok: true; enquiryId: string; spamReason: SpamReason | null; emailsQueued: number }
  | { ok: false; errors: EnquiryFieldErrors };

/**
 * Validates and stores an enquiry.
 * @param input the raw form fields (`name`, `email`, `company`, `projectType`, `message`, plus the
 *   hidden `website` honeypot and `formToken`), e.g. `Object.fromEntries(formData)`
 * @param context.clientIp the visitor's address, for the per-client rate limit
 * @param context.now the instant of submission (default now)
 * @returns field errors when invalid (nothing stored), otherwise the new enquiry's id
 * @throws only when the database fails
 */
export async function submitEnquiry(
  input: Record<string, unknown>,
  context: { clientIp: string; now?: Date },
): Promise<SubmitEnquiryResult> {
  const now = context.now ?? new Date();
  const parsed = EnquirySchema.safeParse(input);
  if (!parsed.success) {
    const errors: EnquiryFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof EnquiryFieldErrors;
      (errors[field] ??= []).push(issue.message);
    }
    return { ok: false, errors };
  }
  const enquiry = parsed.data;

  const guardReason = checkFormGuard(input, now);
  const settings = await getSiteSettings();

  const result = await db.transaction(async (tx) => {
    const overClientLimit = await exceedsLimit(tx, `enquiry:client:${clientKey(context.clientIp)}`, LIMITS.enquiryPerClient, now);
    let spamReason: SpamReason | null = guardReason ?? (overClientLimit ? "rate_limit" : null);
    // Only otherwise clean enquiries count towards the global ceiling: a bot flood cannot use it up.
    if (!spamReason && (await exceedsLimit(tx, "enquiry:all", LIMITS.enquiryGlobal, now))) spamReason = "global_limit";
    const [row] = await tx
      .insert(enquiries)
      .values({ ...enquiry, status: "new", priority: "medium", spamReason, createdAt: now, updatedAt: now })
      .returning({ id: enquiries.id, createdAt: enquiries.createdAt });
    const id = row!.id;
    const emailsQueued = spamReason
      ? 0
      : await enqueueEmails(tx, buildEnquiryEmails({ ...enquiry, id, createdAt: row!.createdAt }, settings));
    return { ok: true as const, enquiryId: id, spamReason, emailsQueued };
  });

  if (result.spamReason) logger.warn({ enquiryId: result.enquiryId, reason: result.spamReason }, "enquiry flagged as spam");
  else logger.info({ enquiryId: result.enquiryId }, "enquiry received");
  return result;
}
