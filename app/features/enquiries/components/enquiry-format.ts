/**
 * Display helpers of the admin enquiries screen: colour tones of statuses and priorities and the
 * reply-by-mail link. Dates and times go through `~/utils/format` (the admin shows them 12-hour).
 */
import type { EnquiryPriority, EnquiryStatus } from "../admin-schema";
import { acknowledgementSubject, replySubject } from "../subjects";

/** Tailwind classes tinting a status select or badge. */
export const STATUS_TONE: Record<EnquiryStatus, string> = {
  new: "border-blue-200 bg-blue-50 text-blue-900",
  in_review: "border-amber-200 bg-amber-50 text-amber-900",
  responded: "border-violet-200 bg-violet-50 text-violet-900",
  project_started: "border-emerald-200 bg-emerald-50 text-emerald-900",
  closed: "border-slate-200 bg-slate-100 text-slate-800",
};

/** Tailwind classes tinting a priority select or badge. */
export const PRIORITY_TONE: Record<EnquiryPriority, string> = {
  low: "border-slate-200 bg-white text-slate-800",
  medium: "border-amber-200 bg-amber-50 text-amber-900",
  high: "border-red-200 bg-red-50 text-red-900",
};

/**
 * A `mailto:` link answering an enquiry under the subject the portal's own replies use: "Re: "
 * and the acknowledgement's subject in the visitor's language ("Re: Nous avons bien reçu votre
 * demande - Meridian Engineering"), so the answer joins the visitor's thread.
 */
export function replyMailto(enquiry: { email: string; language: string }, companyName: string): string {
  const subject = replySubject(acknowledgementSubject(enquiry.language, companyName));
  return `mailto:${encodeURIComponent(enquiry.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}
