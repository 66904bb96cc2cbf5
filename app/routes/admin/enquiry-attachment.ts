import { z } from "zod";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { getAttachment } from "~/features/enquiries/conversation.server";
import type { Route } from "./+types/enquiry-attachment";

/**
 * An attachment of a visitor's e-mail, for staff only: always downloaded (never shown inline),
 * with the type found from its bytes, `nosniff` and no caching.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const id = z.uuid().safeParse(params.id);
  const file = id.success ? await getAttachment(id.data) : null;
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.content.length),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
