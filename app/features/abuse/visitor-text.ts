/**
 * Control characters in visitors' text: every visitor-facing schema builds its text fields with
 * {@link visitorText}, so what is stored is already clean; the calendar builder strips again
 * (`~/features/consultations/ics.ts`), because older rows and staff-typed values reach it too.
 * The rules live with the shared fields (`~/utils/fields`, `plainText`).
 */
export { plainText as visitorText, stripControlCharacters } from "~/utils/fields";
