/**
 * Zod building blocks shared by the project and insight forms: trimmed text with empty stored as
 * null, add/remove lists trimmed and de-duplicated (empty list stored as null), safe URLs, and the
 * publishing intent of a save.
 */
import { z } from "zod";
import { isImageUrl } from "~/features/media/rules";
import type { FieldErrors } from "~/utils/forms";
import { parseUkDateTimeInput } from "./publication";

/** The most characters a long text field (overview, body sections, bio) accepts. */
export const LONG_TEXT_MAX = 20_000;

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/** Required text: trimmed, at least one character, at most `max`; `message` when missing. */
export const requiredText = (message: string, max = 300) =>
  z.preprocess((v) => trimmed(v ?? ""), z.string({ error: message }).min(1, message).max(max, `Use at most ${max} characters.`));

/** Optional text: trimmed; empty or missing becomes null. */
export const optionalText = (max = 300) =>
  z.preprocess(
    (v) => {
      const t = trimmed(v);
      return t === "" || t === undefined ? null : t;
    },
    z.string().max(max, `Use at most ${max} characters.`).nullable(),
  );

const URL_MESSAGE = "Enter a web address starting with https:// (or a site path starting with /).";

/** An optional image or video address (http, https or a site path); empty becomes null. */
export const optionalUrl = () =>
  optionalText(2_000).refine((v) => v === null || isImageUrl(v), URL_MESSAGE);

/**
 * An add/remove list (tags, team members, awards, gallery URLs): each entry trimmed, empties and
 * repeats dropped (first kept, case-sensitive), an empty list stored as null.
 */
export const textList = (options: { maxItems?: number; maxLength?: number; url?: boolean } = {}) => {
  const { maxItems = 50, maxLength = 300, url = false } = options;
  return z
    .array(z.unknown())
    .transform((values) => {
      const out: string[] = [];
      for (const v of values) {
        const t = typeof v === "string" ? v.trim() : "";
        if (t && !out.includes(t)) out.push(t);
      }
      return out;
    })
    .pipe(
      z
        .array(
          z
            .string()
            .max(maxLength, `Use at most ${maxLength} characters per entry.`)
            .refine((v) => !url || isImageUrl(v), URL_MESSAGE),
        )
        .max(maxItems, `Add at most ${maxItems} entries.`),
    )
    .transform((list) => (list.length ? list : null));
};

/** What a save does to publication: the buttons of the forms. */
export const SAVE_INTENTS = ["draft", "publish", "schedule", "keep"] as const;
export type SaveIntent = (typeof SAVE_INTENTS)[number];

/** A save's effect on publication: `keep` leaves status and date alone. */
export type Publication =
  | { intent: "draft" }
  | { intent: "publish" }
  | { intent: "schedule"; at: Date }
  | { intent: "keep" };

/**
 * The publication of a submitted form at `now`: `intent` one of SAVE_INTENTS, and for `schedule`
 * a UK date and time (`scheduleAt`, "YYYY-MM-DDTHH:mm") that must lie in the future.
 * Returns field errors (keyed `intent` / `scheduleAt`) instead of throwing.
 */
export function parsePublication(
  form: { intent: unknown; scheduleAt?: unknown },
  now: Date,
): { ok: true; publication: Publication } | { ok: false; errors: FieldErrors } {
  const intent = z.enum(SAVE_INTENTS).safeParse(form.intent);
  if (!intent.success) return { ok: false, errors: { intent: ["Choose Save Draft, Publish or Schedule."] } };
  if (intent.data !== "schedule") return { ok: true, publication: { intent: intent.data } };
  const raw = typeof form.scheduleAt === "string" ? form.scheduleAt : "";
  const at = raw ? parseUkDateTimeInput(raw) : null;
  if (!at) return { ok: false, errors: { scheduleAt: ["Choose the UK date and time to publish at."] } };
  if (at.getTime() <= now.getTime()) return { ok: false, errors: { scheduleAt: ["Choose a time in the future."] } };
  return { ok: true, publication: { intent: "schedule", at } };
}
