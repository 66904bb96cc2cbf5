/**
 * Saved replies: staff-managed templates chosen in the reply composer. A template may use
 * `{name}`, `{company}` and `{consultation_link}`, filled for the enquiry being answered (the
 * visitor's name, their company or nothing, the booking page's address in their language).
 * Changes are audited.
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { savedReplies } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { siteUrl } from "~/features/mail/templates.server";
import { DEFAULT_LANGUAGE, isLanguage, localizedPath } from "~/utils/i18n";
import { REPLY_MAX_LENGTH } from "./conversation-schema";

/** A saved reply as listed. */
export type SavedReply = { id: string; title: string; body: string };

/** The saved-reply form: a title (1 to 120 characters) and the text (1 to the reply limit). */
export const SavedReplySchema = z.object({
  title: z.string({ error: "Enter a title." }).trim().min(1, "Enter a title.").max(120, "Keep the title under 120 characters."),
  body: z
    .string({ error: "Write the reply." })
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, "Write the reply.").max(REPLY_MAX_LENGTH, "This reply is too long.")),
});

/** Every saved reply, by title. */
export async function listSavedReplies(): Promise<SavedReply[]> {
  return db.select({ id: savedReplies.id, title: savedReplies.title, body: savedReplies.body }).from(savedReplies).orderBy(asc(savedReplies.title), asc(savedReplies.id));
}

/**
 * Fills a template's placeholders: `{name}` the visitor's name, `{company}` their company (empty
 * when none), `{consultation_link}` the absolute URL of the booking page in the visitor's language
 * (`/fr/book-consultation`) when the site offers the wizard in it (`offered`, the site's offered
 * language codes), else the English page. Unknown `{...}` stay as typed.
 * @param values.language the enquiry's language code ("en", "fr"...)
 */
export function fillPlaceholders(body: string, values: { name: string; company: string | null; language: string }, offered: readonly string[]): string {
  const language = isLanguage(values.language) && offered.includes(values.language) ? values.language : DEFAULT_LANGUAGE;
  const link = siteUrl(localizedPath("/book-consultation", language));
  const map: Record<string, string> = { name: values.name, company: values.company ?? "", consultation_link: link };
  return body.replace(/\{(name|company|consultation_link)\}/g, (_, key: string) => map[key]!);
}

/** Adds a saved reply; returns its id. */
export async function createSavedReply(actor: AuditActor, input: z.infer<typeof SavedReplySchema>): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(savedReplies).values(input).returning({ id: savedReplies.id });
    await recordAudit(tx, { actor, action: "saved_reply.created", entityType: "saved_reply", entityId: row!.id, details: { title: input.title } });
    return row!.id;
  });
}

/** Changes a saved reply; false when it no longer exists. */
export async function updateSavedReply(actor: AuditActor, id: string, input: z.infer<typeof SavedReplySchema>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(savedReplies).set({ ...input, updatedAt: new Date() }).where(eq(savedReplies.id, id)).returning({ id: savedReplies.id });
    if (!row) return false;
    await recordAudit(tx, { actor, action: "saved_reply.updated", entityType: "saved_reply", entityId: id, details: { title: input.title } });
    return true;
  });
}

/** Deletes a saved reply; false when it no longer exists. */
export async function deleteSavedReply(actor: AuditActor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(savedReplies).where(eq(savedReplies.id, id)).returning({ title: savedReplies.title });
    if (!row) return false;
    await recordAudit(tx, { actor, action: "saved_reply.deleted", entityType: "saved_reply", entityId: id, details: { title: row.title } });
    return true;
  });
}
