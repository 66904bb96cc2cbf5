/**
 * What a calendar server's HTTP error status means, as a message for people. Free of server-only
 * imports, so the calendar worker thread (`ics-worker.ts`), which downloads ICS addresses, words
 * an answer the same as the reads and writes made on the request thread.
 */

/**
 * An HTTP status (not 2xx) as a message for people, for an ICS address (`ics`) or a CalDAV server
 * (`caldav`): a refused sign-in, no calendar there, a server error, or the status as it is.
 */
export function statusMessage(status: number, kind: "ics" | "caldav"): string {
  if (status === 401 || status === 403) return kind === "caldav" ? "The server refused the user name or app password." : "The calendar address needs a sign-in or was turned off; copy the private address again.";
  if (status === 404 || status === 410) return "No calendar was found at that address.";
  if (status >= 500) return `The calendar server had a problem (HTTP ${status}). We will try again.`;
  return `The calendar server answered HTTP ${status}.`;
}
