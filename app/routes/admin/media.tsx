import { z } from "zod";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import type { MediaActionResult } from "~/features/media/components/media-library-screen";
import { MediaLibraryScreen } from "~/features/media/components/media-library-screen";
import { deleteMedia, listLibrary, updateMediaDetails } from "~/features/media/library.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/media";
import { readSubmission } from "~/utils/form-data.server";
import { accept, refuse } from "~/utils/forms";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Media Library", path: "/admin/media", noIndex: true });

/** `?q=` (alt text or file name, at most 200 characters) and `?show=unused`; anything else is ignored. */
const FiltersSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  show: z.enum(["all", "unused"]).catch("all"),
});

/**
 * The media library: the images matching the search and filter in the URL, newest
 * first. Every staff role. Also read, without filters, by `ImagePicker`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filters = FiltersSchema.parse({ q: params.get("q") ?? "", show: params.get("show") ?? "all" });
  return { items: await listLibrary({ q: filters.q, unused: filters.show === "unused" }), filters };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update"), id: z.uuid(), altText: z.string(), focalX: z.coerce.number(), focalY: z.coerce.number() }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

/**
 * Row actions as form data: `update` (id, altText, focalX, focalY in percent) and `delete` (id).
 * 400 for invalid input, 404 for an unknown image, 409 when a deleted image is still in use
 * (the message says where). Audited.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const parsed = await readSubmission(request, ActionSchema);
  if (!parsed.ok) return refuse<MediaActionResult>(400, { intent: "update", message: "Invalid request." });
  const input = parsed.values;
  const actor = auditActor(session);
  const result =
    input.intent === "update"
      ? await updateMediaDetails(input.id, { altText: input.altText, focalX: input.focalX, focalY: input.focalY }, actor)
      : await deleteMedia(input.id, actor);
  if (!result.ok) return refuse<MediaActionResult>(result.status, { intent: input.intent, message: result.message });
  return accept<MediaActionResult>({ intent: input.intent, message: input.intent === "update" ? "Image updated" : "Image deleted" });
}

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  return <MediaLibraryScreen items={loaderData.items} filters={loaderData.filters} />;
}
