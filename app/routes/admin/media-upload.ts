import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { addToLibrary } from "~/features/media/library.server";
import { ImageRejectedError, UPLOAD_MESSAGES } from "~/features/media/pipeline.server";
import type { UploadResult } from "~/features/media/rules";
import { readUpload } from "~/features/media/upload.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/media-upload";

/**
 * `POST /admin/media/upload`: multipart/form-data with one `file` (at most 5 MB; JPEG, PNG or WebP
 * by its bytes), `alt` (required) and optional `focalX`/`focalY` (percent). Any staff role. Answers
 * 201 with the new `MediaItem`, or 4xx `{ ok: false, message }` (400 alt text missing or no file,
 * 413 too large, 415 not an image or a polyglot, 422 pixel bomb or damaged) with nothing stored.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  try {
    const { file, fields } = await readUpload(request);
    if (!file || file.bytes.byteLength === 0) throw new ImageRejectedError(UPLOAD_MESSAGES.notImage, 400);
    const focal = (value: string | undefined) => {
      const n = Math.round(Number(value));
      return value !== undefined && value !== "" && Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : undefined;
    };
    const media = await addToLibrary({
      bytes: file.bytes,
      originalName: file.name,
      altText: fields.alt ?? "",
      focalX: focal(fields.focalX),
      focalY: focal(fields.focalY),
      createdBy: auditActor(session),
    });
    return Response.json({ ok: true, media } satisfies UploadResult, { status: 201 });
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      return Response.json({ ok: false, message: error.message } satisfies UploadResult, { status: error.status });
    }
    logger.error({ err: error }, "media upload failed");
    return Response.json({ ok: false, message: "The image could not be stored. Please try again." } satisfies UploadResult, { status: 503 });
  }
}

/** A GET changes nothing. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
