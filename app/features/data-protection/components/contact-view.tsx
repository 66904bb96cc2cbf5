/**
 * The contact view: everything from and to one e-mail address, newest first, each line linking to
 * its enquiry or the consultations list.
 */
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { formatUkDate, formatUkTime12 } from "~/utils/format";
import type { ContactHistoryItem } from "../contact-history.server";

const KIND: Record<ContactHistoryItem["kind"], string> = {
  enquiry: "Enquiry",
  booking: "Booking",
  email: "E-mail",
  reply: "Reply",
  incoming: "Their e-mail",
  note: "Note",
};

export function ContactView({ email, name, items }: { email: string; name: string | null; items: ContactHistoryItem[] }) {
  return (
    <>
      <AdminPageHeader title={name ?? email} description={`Everything from and to ${email}, newest first.`} />
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing on record for this address.</p>
      ) : (
        <ol className="max-w-3xl space-y-3" aria-label="History">
          {items.map((item) => (
            <li key={item.id} className="rounded-lg border bg-card p-4 text-sm">
              <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <Badge variant="grey">{KIND[item.kind]}</Badge>
                <span>
                  {formatUkDate(item.at)}, {formatUkTime12(item.at)}
                </span>
              </div>
              <p className="font-medium break-words">
                {item.enquiryId ? (
                  <Link to={`/admin/enquiries?id=${item.enquiryId}`} className="text-primary underline underline-offset-2">
                    {item.title}
                  </Link>
                ) : item.bookingId ? (
                  <Link to={`/admin/consultations?q=${encodeURIComponent(email)}`} className="text-primary underline underline-offset-2">
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </p>
              {item.detail ? <p className="mt-1 line-clamp-4 whitespace-pre-wrap break-words text-muted-foreground">{item.detail}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
