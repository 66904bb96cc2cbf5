/**
 * Reading queued mail in tests as the worker would: a message's html, text and attachments are
 * sealed at rest (ADR 35), so a test that checks what a message says opens it here, with the same
 * `openMailBody` the worker sends from. A message already sent has no body left (empty bodies).
 */
import { emailOutbox } from "~/db/schema";
import { openMailBody, type MailAttachment } from "./outbox.server";

/** An outbox row with its body opened: empty `html`/`text` and no attachments once erased. */
export type OpenedMail = typeof emailOutbox.$inferSelect & { html: string; text: string; attachments: MailAttachment[] | null };

/** Opens the sealed body of each row (a query's result, awaited or not), keeping the row's other columns. */
export async function opened(rows: (typeof emailOutbox.$inferSelect)[] | PromiseLike<(typeof emailOutbox.$inferSelect)[]>): Promise<OpenedMail[]> {
  return Promise.all(
    (await rows).map(async (row) => {
      const body = await openMailBody(row.body);
      return { ...row, html: body?.html ?? "", text: body?.text ?? "", attachments: body?.attachments ?? null };
    }),
  );
}
