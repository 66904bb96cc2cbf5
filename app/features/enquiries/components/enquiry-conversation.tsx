/**
 * The conversation of an enquiry in its detail panel: the timeline (replies with their delivery,
 * the visitor's e-mails with any attachments, internal notes, status and owner changes), then the
 * composer, which sends a reply by e-mail or adds an internal note. The timeline is loaded from
 * `/admin/enquiries/{id}/conversation` and reloaded after each post; the enquiry opened by `?id=`
 * comes with it from the server (`initial`), so without JavaScript the timeline is shown and the
 * composer still posts and comes back to the enquiry.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Loader2, Lock, Mail, MessageSquareReply, Paperclip } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ENQUIRY_STATUSES } from "~/utils/domain";
import { formatUkDate, formatUkTime12 } from "~/utils/format";
import type { ActionReply } from "~/utils/forms";
import { useHydrated } from "~/utils/use-hydrated";
import { enquiryLabel } from "../admin-schema";
import { DELIVERY_LABEL, REPLY_MAX_LENGTH, type ConversationView, type TimelineEntry } from "../conversation-schema";
import { FormattedText } from "./formatted-text";

/** The owner dropdown: saved at once, the timeline reloaded. */
function OwnerSelect({ enquiryId, data, onSaved }: { enquiryId: string; data: ConversationView; onSaved: () => void }) {
  const fetcher = useFetcher<ActionReply<{ id: string }>>();
  const id = `conversation-owner-${enquiryId}`;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message ?? "Owner changed", { id: `owner-${enquiryId}` });
      onSaved();
    } else toast.error("Owner not changed", { id: `owner-error-${enquiryId}`, description: fetcher.data.message });
    // Runs once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Owner</Label>
      <NativeSelect
        id={id}
        defaultValue={data.assignedTo ?? ""}
        key={data.assignedTo ?? "none"}
        onChange={(e) => fetcher.submit({ intent: "assign", owner: e.target.value }, { method: "post", action: `/admin/enquiries/${enquiryId}/conversation` })}
      >
        <option value="">Nobody</option>
        {data.owners.map((o) => (
          <option key={o.userId} value={o.userId}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}


function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function MessageEntry({ entry }: { entry: Extract<TimelineEntry, { type: "message" }> }) {
  const [showFull, setShowFull] = useState(false);
  const who =
    entry.kind === "incoming"
      ? (entry.authorName ?? entry.fromAddress ?? "The visitor")
      : entry.kind === "note"
        ? `${entry.authorName ?? "Staff"} (internal note)`
        : (entry.authorName ?? "Staff");
  const tone =
    entry.kind === "incoming" ? "border-sky-200 bg-sky-50" : entry.kind === "note" ? "border-amber-200 bg-amber-50" : "border-emerald-200 bg-emerald-50";
  return (
    <li className={`rounded-lg border p-3 text-sm ${tone}`} data-kind={entry.kind}>
      <div className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        {entry.kind === "note" ? <Lock aria-hidden className="size-3.5" /> : entry.kind === "reply" ? <MessageSquareReply aria-hidden className="size-3.5" /> : <Mail aria-hidden className="size-3.5" />}
        <span className="font-medium break-all text-foreground">{who}</span>
        <span>
          {formatUkDate(entry.createdAt)}, {formatUkTime12(entry.createdAt)}
        </span>
        {entry.delivery ? <Badge variant={entry.delivery === "failed" ? "red" : "grey"}>{DELIVERY_LABEL[entry.delivery]}</Badge> : null}
      </div>
      <div className="leading-relaxed text-foreground">
        {showFull ? <p className="whitespace-pre-wrap break-words">{entry.full}</p> : <FormattedText text={entry.shown} />}
      </div>
      {entry.trimmed ? (
        <button type="button" className="mt-2 text-xs font-medium text-primary underline underline-offset-2" onClick={() => setShowFull((v) => !v)}>
          {showFull ? "Hide earlier messages" : "Show the whole e-mail"}
        </button>
      ) : null}
      {entry.attachments.length ? (
        <ul className="mt-2 space-y-1">
          {entry.attachments.map((a) => (
            <li key={a.id}>
              <a href={`/admin/enquiries/attachments/${a.id}`} className="inline-flex items-center gap-1 text-primary underline underline-offset-2" download>
                <Paperclip aria-hidden className="size-3.5" />
                <span className="break-all">{a.filename}</span>
              </a>{" "}
              <span className="text-xs text-muted-foreground">({formatBytes(a.bytes)})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The timeline and composer of one enquiry. */
export function EnquiryConversation({ enquiryId, status, initial }: { enquiryId: string; status: string; initial?: ConversationView }) {
  const hydrated = useHydrated();
  const loader = useFetcher<ConversationView>({ key: `conversation-${enquiryId}` });
  const poster = useFetcher<ActionReply<{ id: string }>>();
  const formRef = useRef<HTMLFormElement>(null);
  const [mode, setMode] = useState<"reply" | "note">("reply");
  const url = `/admin/enquiries/${enquiryId}/conversation`;

  useEffect(() => {
    if (hydrated && loader.state === "idle" && !loader.data) loader.load(url);
  }, [hydrated, loader, url]);

  useEffect(() => {
    if (poster.state !== "idle" || !poster.data) return;
    const result = poster.data;
    if (result.ok) {
      toast.success(result.message ?? "Reply sent", { id: `conversation-${result.id}` });
      formRef.current?.reset();
      loader.load(url);
    } else {
      toast.error(result.intent === "note" ? "Note not added" : "Reply not sent", { id: `conversation-error-${enquiryId}`, description: result.message });
    }
    // Runs once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [poster.state, poster.data]);

  const data = loader.data ?? initial;
  const sending = poster.state !== "idle";
  const firstReply = data ? !data.replied : true;
  const defaultStatus = firstReply && (status === "new" || status === "in_review") ? "responded" : status;
  const bodyId = `conversation-body-${enquiryId}`;
  const statusId = `conversation-status-${enquiryId}`;
  const error = poster.data && !poster.data.ok ? poster.data.fieldErrors?.body?.[0] : undefined;

  return (
    <section aria-labelledby={`conversation-${enquiryId}`} className="space-y-3 border-t pt-6">
      <h3 id={`conversation-${enquiryId}`} className="text-sm font-semibold text-foreground">
        Conversation
      </h3>
      {data ? <OwnerSelect enquiryId={enquiryId} data={data} onSaved={() => loader.load(url)} /> : null}
      {hydrated && !data ? (
        <p className="text-sm text-muted-foreground">Loading the conversation…</p>
      ) : data && data.timeline.length === 0 ? (
        <p className="text-sm text-muted-foreground">No replies yet. What you send here is e-mailed to the visitor.</p>
      ) : data ? (
        <ol className="space-y-2" aria-label="Timeline">
          {data.timeline.map((entry) =>
            entry.type === "message" ? (
              <MessageEntry key={entry.id} entry={entry} />
            ) : (
              <li key={entry.id} className="px-1 text-xs text-muted-foreground">
                {entry.text}
                {entry.actorEmail ? ` · ${entry.actorEmail}` : ""} · {formatUkDate(entry.createdAt)}, {formatUkTime12(entry.createdAt)}
              </li>
            ),
          )}
        </ol>
      ) : null}

      {data && !data.canReply ? null : (
        <poster.Form ref={formRef} method="post" action={url} className="space-y-3 rounded-lg border p-3">
          <input type="hidden" name="intent" value={mode} />
          {hydrated ? null : <input type="hidden" name="returnTo" value="enquiry" />}
          <div role="radiogroup" aria-label="Write" className="flex gap-2">
            <Button type="button" size="sm" variant={mode === "reply" ? "default" : "outline"} aria-pressed={mode === "reply"} onClick={() => setMode("reply")}>
              Reply to visitor
            </Button>
            <Button type="button" size="sm" variant={mode === "note" ? "default" : "outline"} aria-pressed={mode === "note"} onClick={() => setMode("note")}>
              Internal note
            </Button>
          </div>
          {mode === "reply" && data?.savedReplies.length ? (
            <div className="space-y-2">
              <Label htmlFor={`${bodyId}-saved`}>Saved reply</Label>
              <NativeSelect
                id={`${bodyId}-saved`}
                defaultValue=""
                onChange={(e) => {
                  const chosen = data.savedReplies.find((r) => r.id === e.target.value);
                  const field = formRef.current?.elements.namedItem("body");
                  if (chosen && field instanceof HTMLTextAreaElement) field.value = chosen.body;
                }}
              >
                <option value="">Write your own</option>
                {data.savedReplies.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <div className="space-y-2">
            <Label htmlFor={bodyId}>{mode === "reply" ? "Your reply" : "Note for staff"}</Label>
            <Textarea
              id={bodyId}
              name="body"
              rows={6}
              maxLength={REPLY_MAX_LENGTH}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={`${bodyId}-hint`}
            />
            <p id={`${bodyId}-hint`} className="text-xs text-muted-foreground">
              {mode === "reply"
                ? "Plain text: leave a blank line between paragraphs, start lines with - for a list. Links become clickable."
                : "Only staff see notes. Nothing is sent."}
            </p>
            {error ? <p className="text-sm text-destructive">{error}</p> : null}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            {mode === "reply" ? (
              <div className="space-y-2">
                <Label htmlFor={statusId}>Status after sending</Label>
                <NativeSelect id={statusId} name="status" defaultValue={defaultStatus} key={`${defaultStatus}-${data?.timeline.length ?? 0}`}>
                  {ENQUIRY_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {enquiryLabel(s)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={sending}>
              {sending ? <Loader2 aria-hidden className="animate-spin" /> : null}
              {mode === "reply" ? "Send reply" : "Add note"}
            </Button>
          </div>
        </poster.Form>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        <Link to="/admin/enquiries/saved-replies" className="text-primary underline underline-offset-2">
          Manage saved replies
        </Link>
        <Link to="/admin/settings/mailbox" className="text-primary underline underline-offset-2">
          Mailbox settings
        </Link>
      </p>
    </section>
  );
}
