/**
 * The Connect form of the calendar card (browser-safe): an ICS subscription address, or a CalDAV
 * server address, user name and app password. Messages are the ones people see.
 */
import { z } from "zod";

/** `webcal://` (what calendar apps hand out) is the same address over https. */
export function normaliseCalendarUrl(raw: string): string {
  return raw.trim().replace(/^webcals?:\/\//i, "https://");
}

const addressField = z
  .string({ error: "Enter the address." })
  .trim()
  .min(1, "Enter the address.")
  .max(2000, "That address is too long.")
  .transform(normaliseCalendarUrl)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: "Enter an address starting with https://." });

/** The Connect form: `kind` picks the fields. Passwords are never echoed back. */
export const ConnectCalendarSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ics"), icsUrl: addressField }),
  z.object({
    kind: z.literal("caldav"),
    caldavUrl: addressField,
    caldavUsername: z.string({ error: "Enter the user name." }).trim().min(1, "Enter the user name.").max(254, "That user name is too long."),
    caldavPassword: z.string({ error: "Enter the app password." }).min(1, "Enter the app password.").max(500, "That password is too long."),
  }),
], { error: "Choose an ICS address or CalDAV." });

/** The checked Connect form. */
export type ConnectCalendarInput = z.output<typeof ConnectCalendarSchema>;

