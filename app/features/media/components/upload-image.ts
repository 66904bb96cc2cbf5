/**
 * Sends one image to `POST /admin/media/upload` from the browser and shows the spec's toasts:
 * 'Image uploaded successfully';
 * 'Upload failed' with the server's reason; 'Upload error' / 'An unexpected error occurred during
 * upload' when no answer could be read.
 */
import { toast } from "~/components/ui/toast";
import type { MediaItem, UploadResult } from "../rules";

/** What to upload: the file, its alt text (required) and focal point in percent. */
export type UploadRequest = { file: File; alt: string; focalX: number; focalY: number };

/** Uploads and returns the new library image, or `{ error }` with the message already toasted. */
export async function uploadImage(request: UploadRequest): Promise<{ media: MediaItem } | { error: string }> {
  const body = new FormData();
  body.set("alt", request.alt);
  body.set("focalX", String(request.focalX));
  body.set("focalY", String(request.focalY));
  body.set("file", request.file, request.file.name);
  let result: UploadResult;
  try {
    const response = await fetch("/admin/media/upload", { method: "POST", body, headers: { Accept: "application/json" } });
    result = (await response.json()) as UploadResult;
  } catch {
    toast.error("Upload error", { id: "upload-error", description: "An unexpected error occurred during upload" });
    return { error: "An unexpected error occurred during upload" };
  }
  if (!result.ok) {
    toast.error("Upload failed", { id: "upload-failed", description: result.message });
    return { error: result.message };
  }
  toast.success("Image uploaded successfully", { id: `upload-${result.media.id}` });
  return { media: result.media };
}
