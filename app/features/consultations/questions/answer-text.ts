/**
 * A booking's answers as plain text, one line a question ("Label: answer", English, "Not
 * answered" for an optional question left empty; a long answer's line breaks kept), for the CSV
 * exports of bookings and of a person's records.
 */
import type { BookingAnswer } from "~/db/schema/consultations";

/** The answers as "Label: answer" lines; "" for none. */
export function answersText(answers: readonly BookingAnswer[]): string {
  return answers.map((a) => `${a.label.en}: ${a.answer.en || "Not answered"}`).join("\n");
}
