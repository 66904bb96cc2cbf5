/**
 * The contact enquiry: a visitor's enquiry is
 * stored with status 'new' and priority 'medium'. A clean enquiry queues, in the same
 * transaction, a notification to staff, an acknowledgement to the visitor (with the Reply-To of
 * staff replies, so an answer to it is read back into the conversation) and the
 * `enquiry.created` webhook event
 * (`docs/design.md` section 6). Suspected spam is stored with its `spam_reason` and sends no
 * mail; the visitor sees the same success either way (`docs/design.md` section 7: never a
 * silent drop). Spam is: a failed bot check (`~/features/abuse/form-guard.server`), more than
 * `LIMITS.enquiryPerClient` submissions from one client (IPv4 address or IPv6 /64) in the hour,
 * or a clean enquiry over the global ceiling `LIMITS.enquiryGlobal`, which bounds
 * the mail a flood can make us send.
 *
 * Stored spam is capped: at most `LIMITS.spamStoredPerClient` per client
 * and `LIMITS.spamStoredGlobal` for everyone per hour. Past a cap the submission is counted (the
 * `enquiry:spam:dropped` hourly counter in `rate_limit_hits`) and dropped, so a script cannot
 * fill the disk; the visitor's answer is the same.
 */
import { db, type Transaction } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { enquiryEventData, recordWebhookEvent } from "~/features/webhooks/events.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { logger } from "~/utils/logger.server";
import { buildEnquiryEmails } from "./emails.server";
import { visitorReplyTo } from "./threading.server";
import { checkFormGuard, type FormGuardReason } from "~/features/abuse/form-guard.server";
import { clientKey, exceedsLimit, hitRateLimit, HOUR_MS, LIMITS } from "~/features/abuse/limits.server";
import { type FailedSubmission, parseSubmission } from "~/utils/forms";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { ENQUIRY_FIELDS, enquirySchema } from "./schema";

/** Why a submission was flagged, as stored in `enquiries.spam_reason`. */
export type SpamReason = FormGuardReason | "rate_limit" | "global_limit";

/**
 * The outcome of a submission. Spam is a success to the visitor; only `spamReason` tells, and
 * `enquiryId` is null when spam past the storage caps was dropped.
 */
export type SubmitEnquiryResult =
  | { ok: true; enquiryId: string; spamReason: SpamReason | null; emailsQueued: number }
  | { ok: true; enquiryId: null; spamReason: SpamReason; emailsQueued: 0 }
  | FailedSubmission;

/**
 * Validates and stores an enquiry.
 * @param input the raw form fields (`name`, `email`, `company`, `projectType`, `message`, plus the
 *   hidden `website` honeypot and `formToken`), e.g. `Object.fromEntries(formData)`
 * @param context.clientIp the visitor's address, for the per-client rate limit
 * @param context.now the instant of submission (default now)
 * @param context.language the language the visitor wrote in (default English): the form's
 *   messages, the stored `language`, and their acknowledgement are in it
 * @returns the refused submission when invalid (field errors and the submitted fields; nothing
 *   stored), otherwise the new enquiry's id
 * @throws only when the database fails
 */
export async function submitEnquiry(
  input: Record<string, unknown>,
  context: { clientIp: string; now?: Date; language?: Language },
): Promise<SubmitEnquiryResult> {
  const now = context.now ?? new Date();
  const language = context.language ?? DEFAULT_LANGUAGE;
  const parsed = parseSubmission(enquirySchema(language), input, { echo: ENQUIRY_FIELDS });
  if (!parsed.ok) return parsed;
  const enquiry = parsed.values;

  const guardReason = checkFormGuard(input, now);
  const settings = await getMailSettings();

  let droppedThisHour = 0;
  const result = await db.transaction(async (tx): Promise<SubmitEnquiryResult & { ok: true }> => {
    const overClientLimit = await exceedsLimit(tx, `enquiry:client:${clientKey(context.clientIp)}`, LIMITS.enquiryPerClient, now);
    let spamReason: SpamReason | null = guardReason ?? (overClientLimit ? "rate_limit" : null);
    // Only otherwise clean enquiries count towards the global ceiling: a bot flood cannot use it up.
    if (!spamReason && (await exceedsLimit(tx, "enquiry:all", LIMITS.enquiryGlobal, now))) spamReason = "global_limit";
    droppedThisHour = spamReason ? await countDroppedSpam(tx, context.clientIp, now) : 0;
    if (spamReason && droppedThisHour > 0) return { ok: true as const, enquiryId: null, spamReason, emailsQueued: 0 as const };
    // The acknowledgement's Reply-To is the one staff replies will have (a new plus-address token).
    const mailbox = spamReason ? null : await visitorReplyTo(tx, settings.email, null);
    const [row] = await tx
      .insert(enquiries)
      .values({ ...enquiry, language, status: "new", priority: "medium", spamReason, replyToken: mailbox?.token ?? null, createdAt: now, updatedAt: now })
      .returning({ id: enquiries.id, createdAt: enquiries.createdAt });
    const id = row!.id;
    const emailsQueued = mailbox
      ? await enqueueEmails(tx, buildEnquiryEmails({ ...enquiry, id, createdAt: row!.createdAt, language }, settings, mailbox.replyTo))
      : 0;
    if (!spamReason) {
      await recordWebhookEvent(tx, "enquiry.created", enquiryEventData({ ...enquiry, company: enquiry.company ?? null, id, status: "new", createdAt: row!.createdAt, language }), now);
    }
    return { ok: true as const, enquiryId: id, spamReason, emailsQueued };
  });

  if (result.enquiryId === null) {
    // Once per hour (the first drop), not once per dropped submission: the flood must not fill the log either.
    if (droppedThisHour === 1) logger.warn({ reason: result.spamReason }, "spam storage cap reached: further spam this hour is counted and dropped");
  } else if (result.spamReason) logger.warn({ enquiryId: result.enquiryId, reason: result.spamReason }, "enquiry flagged as spam");
  else logger.info({ enquiryId: result.enquiryId }, "enquiry received");
  return result;
}

/**
 * Decides whether a spam submission from `clientIp` at `now` is stored: 0 when it is (and counted
 * towards the caps), otherwise the number of spam submissions dropped so far this hour, this one
 * included (the `enquiry:spam:dropped` counter). The per-client cap is checked first and only
 * spam within it counts towards the global cap, so one client's flood cannot crowd out others'.
 */
async function countDroppedSpam(tx: Transaction, clientIp: string, now: Date): Promise<number> {
  const overClient = await exceedsLimit(tx, `enquiry:spam:client:${clientKey(clientIp)}`, LIMITS.spamStoredPerClient, now);
  if (!overClient && !(await exceedsLimit(tx, "enquiry:spam:all", LIMITS.spamStoredGlobal, now))) return 0;
  return hitRateLimit(tx, { key: "enquiry:spam:dropped", windowMs: HOUR_MS, now });
}
