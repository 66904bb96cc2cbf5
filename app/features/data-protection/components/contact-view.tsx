/**
 * The contact view: one person's own history, newest first: their enquiries and bookings with
 * their status, the e-mails sent to them (kind, subject, delivery) and their enquiries'
 * conversations as the enquiry's timeline shows them. Each line links to its enquiry or the
 * consultations list. Dates and times as the rest of the portal shows them (12-hour, UK time).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { STATUS_META } from "~/features/consultations/bookings/components/admin-format";
import { enquiryLabel, type EnquiryStatus } from "~/features/enquiries/admin-schema";
import { DELIVERY_LABEL } from "~/features/enquiries/conversation-schema";
import { STATUS_TONE } from "~/features/enquiries/components/enquiry-format";
import { FormattedText } from "~/features/enquiries/components/formatted-text";
import type { BOOKING_STATUSES } from "~/utils/domain";
import { formatLongDate, formatTimeRange12, formatUkDate, formatUkTime12 } from "~/utils/format";
import type { ContactHistoryItem } from "../contact-history.server";

/** What each e-mail sent to a visitor is, in words; another kind is just "E-mail". */
const MAIL_KIND: Record<string, string> = {
  "enquiry.acknowledgement": "Enquiry acknowledgement",
  "booking.confirmation": "Booking request received",
  "booking.confirmed": "Booking confirmed",
  "booking.cancellation": "Booking cancelled",
  "booking.rescheduled": "Booking moved",
  "booking.visitor_rescheduled": "Booking moved by them",
  "booking.reminder": "Booking reminder",
};

type MessageItem = Extract<ContactHistoryItem, { kind: "message" }>;

/** The badge of a conversation message: theirs, ours or a note. */
const MESSAGE_KIND: Record<MessageItem["message"]["kind"], string> = { incoming: "Their e-mail", reply: "Our reply", note: "Internal note" };

function When({ at }: { at: string }) {
  return (
    <span>
      {formatUkDate(at)}, {formatUkTime12(at)}
    </span>
  );
}

/** One line: its kind and time, a linked title, status badges and the text. */
function Entry({ label, at, title, to, badges, children }: { label: string; at: string; title: ReactNode; to?: string; badges?: ReactNode; children?: ReactNode }) {
  return (
    <li className="rounded-lg border bg-card p-4 text-sm">
      <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant="grey">{label}</Badge>
        <When at={at} />
        {badges}
      </div>
      <p className="font-medium break-words">
        {to ? (
          <Link to={to} className="text-primary underline underline-offset-2">
            {title}
          </Link>
        ) : (
          title
        )}
      </p>
      {children ? <div className="mt-1 line-clamp-6 break-words text-muted-foreground">{children}</div> : null}
    </li>
  );
}

function HistoryEntry({ item, email }: { item: ContactHistoryItem; email: string }) {
  const bookings = `/admin/consultations?q=${encodeURIComponent(email)}`;
  switch (item.kind) {
    case "enquiry":
      return (
        <Entry
          label="Enquiry"
          at={item.at}
          title={item.projectType}
          to={`/admin/enquiries?id=${item.enquiryId}`}
          badges={
            <>
              <Badge variant="outline" className={STATUS_TONE[item.status as EnquiryStatus]}>
                {enquiryLabel(item.status)}
              </Badge>
              {item.spam ? <Badge variant="red">Spam</Badge> : null}
            </>
          }
        >
          <p className="whitespace-pre-wrap">{item.message}</p>
        </Entry>
      );
    case "booking": {
      const status = STATUS_META[item.status as (typeof BOOKING_STATUSES)[number]];
      return (
        <Entry
          label="Booking"
          at={item.at}
          title={`${item.consultationType}: ${formatLongDate(item.date)}, ${formatTimeRange12(item.startTime, item.endTime)} (UK time)`}
          to={bookings}
          badges={status ? <Badge variant={status.badge}>{status.label}</Badge> : null}
        >
          {item.description ? <p className="whitespace-pre-wrap">{item.description}</p> : null}
        </Entry>
      );
    }
    case "email":
      return (
        <Entry
          label={MAIL_KIND[item.mailKind] ?? "E-mail"}
          at={item.at}
          title={item.subject || "(no subject)"}
          badges={<Badge variant={item.status === "failed" ? "red" : "grey"}>{DELIVERY_LABEL[item.status]}</Badge>}
        />
      );
    case "message": {
      const m = item.message;
      const who = m.kind === "incoming" ? (m.authorName ?? m.fromAddress ?? "The visitor") : (m.authorName ?? "Staff");
      return (
        <Entry
          label={MESSAGE_KIND[m.kind]}
          at={item.at}
          title={m.kind === "incoming" && m.subject ? `${who}: ${m.subject}` : who}
          to={`/admin/enquiries?id=${m.enquiryId}`}
          badges={m.delivery ? <Badge variant={m.delivery === "failed" ? "red" : "grey"}>{DELIVERY_LABEL[m.delivery]}</Badge> : null}
        >
          <FormattedText text={m.shown} />
        </Entry>
      );
    }
  }
}

export function ContactView({ email, name, items }: { email: string; name: string | null; items: ContactHistoryItem[] }) {
  return (
    <>
      <AdminPageHeader title={name ?? email} description={`${email}: their enquiries, bookings, the e-mails sent to them and their conversations, newest first.`} />
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing on record for this address.</p>
      ) : (
        <ol className="max-w-3xl space-y-3" aria-label="History">
          {items.map((item) => (
            <HistoryEntry key={item.id} item={item} email={email} />
          ))}
        </ol>
      )}
    </>
  );
}
