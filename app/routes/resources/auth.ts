import { handleAuthRequest } from "~/features/auth/auth.server";
import type { Route } from "./+types/auth";

/**
 * /api/auth/*: only the better-auth endpoints the product exposes (`PUBLIC_AUTH_ENDPOINTS`:
 * JSON sign-in, get-session, sign-out); every other path answers 404. The client
 * address is set from the socket, never from the request.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(request, context.clientIp);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(request, context.clientIp);
}
