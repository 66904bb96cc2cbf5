/**
 * The cookie-consent choice without JavaScript (without JavaScript each behaviour still
 * works or degrades to a link or a form; `docs/design.md` section 6): the banner's Accept and
 * Reject are submit buttons of a form posted to `/consent`, which stores the same
 * `cookie_consent` cookie the enhancement module writes and sends the visitor back to the page.
 */
import { z } from "zod";
import { env } from "~/utils/env.server";
import { readFormData } from "~/utils/form-data.server";
import { type ActionReply, parseSubmission } from "~/utils/forms";
import { encodeForLocation } from "~/utils/location-path";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS } from "./consent";

/** A path on this site to return to: "/" followed by anything but a second slash or a backslash. */
const SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** The form of the consent banner: the button pressed and the page it was pressed on. */
export const ConsentFormSchema = z.object({
  choice: z.enum(["accepted", "rejected"], { error: "Choose Accept or Reject." }),
  returnTo: z.string().max(2048).regex(SITE_PATH, "Return to a page of this site.").default("/"),
});

/**
 * Handles `POST /consent` (urlencoded or multipart form). Answers:
 * - 303 to `returnTo` (characters a header cannot carry percent-encoded: `encodeForLocation`) with `Set-Cookie: cookie_consent=<choice>; Max-Age=15552000 (180 days);
 *   Path=/; SameSite=Lax` (and `Secure` over HTTPS), `Cache-Control: no-store`;
 * - 403 when the form was posted from another site (its `Origin` is neither this request's nor
 *   PUBLIC_URL's: behind a proxy that rewrites Host the request's own origin is the proxy's
 *   upstream), so no other site can choose for the visitor;
 * - 400 with the one reply shape (`{ ok: false, message, fieldErrors }`, field name to messages)
 *   for a missing or unknown choice or a return address that is not a path of this site.
 * Nothing is stored on the server.
 */
export async function consentAction(request: Request): Promise<Response> {
  const origin = request.headers.get("origin");
  if (origin === null || (origin !== new URL(request.url).origin && origin !== new URL(env.PUBLIC_URL).origin)) {
    return Response.json({ ok: false, message: "This form can only be sent from this site." } satisfies ActionReply, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  const form = await readFormData(request);
  const parsed = parseSubmission(ConsentFormSchema, { choice: form.get("choice") ?? undefined, returnTo: form.get("returnTo") ?? undefined }, { echo: [] });
  if (!parsed.ok) {
    const { message, fieldErrors } = parsed;
    return Response.json({ ok: false, message, fieldErrors } satisfies ActionReply, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  // The scheme the browser used is the Origin's (a proxy may speak plain HTTP to this server).
  const secure = origin.startsWith("https:") ? "; Secure" : "";
  return new Response(null, {
    status: 303,
    headers: {
      Location: encodeForLocation(parsed.values.returnTo),
      "Set-Cookie": `${CONSENT_COOKIE}=${parsed.values.choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`,
      "Cache-Control": "no-store",
    },
  });
}
