import { issueFormToken } from "~/features/abuse/form-guard.server";

/**
 * `GET /form-token`: a form token signed now (`issueFormToken`, text), for a public form whose page
 * came from the HTML cache with the token of the moment it was stored: the contact enhancement
 * (`app/enhance/contact.ts`) puts it in the form, so the form guard's "too fast" check measures
 * from this visitor's opening of the form. Never stored by a cache.
 */
export function loader() {
  return new Response(issueFormToken(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
