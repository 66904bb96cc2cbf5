import { consentAction } from "~/features/site/consent.server";
import type { Route } from "./+types/consent";

/** POST /consent: the cookie banner's Accept or Reject without JavaScript (consent.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return consentAction(request);
}
