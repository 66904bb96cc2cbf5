import { auth, withClientIp } from "~/features/auth/auth.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's own endpoints under /api/auth (session lookups, sign-out). Self sign-up is
 * disabled in auth.server.ts. The client address is set from the socket, never from the request.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return auth.handler(withClientIp(request, context.clientIp));
}

export function action({ request, context }: Route.ActionArgs) {
  return auth.handler(withClientIp(request, context.clientIp));
}
